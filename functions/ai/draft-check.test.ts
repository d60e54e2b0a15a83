import { describe, expect, it } from 'vitest';
import type { CampaignDraftInput } from '../integrations/ai/campaign-drafter';
import type { GenerationData } from '../core/db/entities/campaign-generation';
import { checkDraft } from './draft-check';

const input: CampaignDraftInput = {
  company: {
    name: 'Harbor Coffee',
    description: 'Roasters',
    brandVoice: 'Warm',
    brandColors: [],
    website: 'https://harbor.coffee',
  },
  intention: 'product-launch',
  prompt: 'Spring menu',
  allowedPlatforms: ['twitter'],
  websites: [{ url: 'https://harbor.coffee/gone', status: 'failed', error: 'Not read' }],
  media: [
    { fileName: 'latte.jpg', type: 'image', description: 'The latte' },
    { fileName: 'bun.jpg', type: 'image', description: '' },
  ],
  recentCampaigns: [],
};

const drafted = (changes: Partial<GenerationData['campaign']> = {}): GenerationData => ({
  campaign: {
    name: 'Spring menu',
    description: 'Our spring drinks.',
    campaignIntention: 'product-launch',
    platforms: ['twitter'],
    contentSeeds: { brandVoice: 'Warm', keyMessages: ['Fresh'], contentInstructions: '' },
    mediaAssets: [
      {
        fileName: 'latte.jpg',
        type: 'image',
        usage: 'primary',
        description: 'Lead image',
        platforms: ['twitter'],
      },
    ],
    ...changes,
  },
  analysis: {
    promptUnderstanding: 'A spring menu launch',
    websiteInsights: [],
    recommendedNextSteps: ['Post the latte first'],
    feedbackAnalysis: null,
  },
});

describe('checkDraft', () => {
  it('holds a draft to the input: allowed platforms, one media entry per file, one insight per site', () => {
    const result = checkDraft(drafted({ platforms: ['twitter', 'linkedin', 'instagram'] }), input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.campaign.platforms).toEqual(['twitter']);
    expect(result.data.campaign.mediaAssets.map((asset) => asset.fileName)).toEqual([
      'latte.jpg',
      'bun.jpg',
    ]);
    expect(result.data.analysis.websiteInsights).toEqual([
      { url: 'https://harbor.coffee/gone', status: 'failed', insights: [], error: 'Not read' },
    ]);
  });

  it('takes out control and text-direction characters and clips what is too long', () => {
    const result = checkDraft(
      drafted({ name: `Spring\u202E menu\u0007 ${'x'.repeat(300)}`, description: 'Ok\u0000' }),
      input,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.campaign.name.length).toBeLessThanOrEqual(100);
    expect(result.data.campaign.name).not.toContain('\u202E');
    expect(result.data.campaign.name).not.toContain('\u0007');
    expect(result.data.campaign.description).toBe('Ok');
  });

  it('takes out of the name what a name refuses, keeping emoji whole; texts keep their marks', () => {
    const result = checkDraft(
      drafted({
        name: 'Spring\u200B menu\u00A0👩‍🍳\u2028',
        description: 'Kaffee\u00ADhaus 🏴󠁧󠁢󠁳󠁣󠁴󠁿\u{E0041}',
      }),
      input,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.campaign.name).toBe('Spring menu 👩‍🍳');
    expect(result.data.campaign.description).toBe('Kaffee\u00ADhaus 🏴󠁧󠁢󠁳󠁣󠁴󠁿');
  });

  it('refuses what cannot be made to fit: a draft without a usable shape', () => {
    const broken = drafted();
    (broken.campaign as { contentSeeds: unknown }).contentSeeds = null;
    const result = checkDraft(broken, input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems[0]).toMatch(/unreadable draft/);
  });

  it('refuses a campaign the form would refuse (an intention outside the list)', () => {
    const result = checkDraft(drafted(), { ...input, intention: 'gossip' as never });
    expect(result.ok).toBe(false);
  });
});
