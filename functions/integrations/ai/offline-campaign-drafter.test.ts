import { describe, expect, it, vi } from 'vitest';
import { campaignAnalysisSchema, campaignDraftSchema } from '#shared/contract/ai';
import { GENERATION_MESSAGES } from '#shared/domain/ai-campaigns';
import { HARBOR, campaignInput } from '#test/support/campaign-drafter-inputs';
import {
  createOfflineCampaignDrafter,
  keyPhraseOf,
  offerOf,
  offlineCampaignDrafter,
} from './offline-campaign-drafter';

const input = campaignInput;

describe('offline campaign drafter', () => {
  it('drafts a campaign written for the company from the prompt, its profile and its website', async () => {
    const { campaign, analysis, usage } = await offlineCampaignDrafter.draftCampaign(input());
    expect(campaignDraftSchema.parse(campaign)).toEqual(campaign);
    expect(campaignAnalysisSchema.parse(analysis)).toEqual(analysis);
    expect(usage).toBeNull();
    expect(campaign.name).toBe('Autumn Blend Launch');
    expect(campaign.description).toContain('autumn blend for coffee lovers in Portland');
    expect(campaign.description).toContain('Harbor Coffee roasts small batches');
    expect(campaign.campaignIntention).toBe('product-launch');
    expect(campaign.platforms).toEqual(['twitter', 'linkedin']);
    expect(campaign.contentSeeds.brandVoice).toBe('Warm, upbeat and neighbourly.');
    const messages = campaign.contentSeeds.keyMessages;
    expect(messages.length).toBeGreaterThanOrEqual(3);
    expect(messages.length).toBeLessThanOrEqual(5);
    expect(messages[0]).toBe(
      'Introducing our new autumn blend for coffee lovers in Portland, with 10% off the first week.',
    );
    expect(messages).toContain('Coffee worth waking up for!');
    expect(campaign.contentSeeds.contentInstructions).toContain('On X (Twitter)');
    expect(campaign.contentSeeds.contentInstructions).toContain('On LinkedIn');
    expect(
      campaign.mediaAssets.map(({ fileName, type, usage }) => [fileName, type, usage]),
    ).toEqual([
      ['autumn-cup.png', 'image', 'primary'],
      ['roastery.mp4', 'video', 'secondary'],
      ['beans.jpg', 'image', 'secondary'],
    ]);
    expect(campaign.mediaAssets[0]?.description).toContain('a cup of the autumn blend');
    expect(analysis.promptUnderstanding).toContain('product launch campaign for Harbor Coffee');
    expect(analysis.promptUnderstanding).toContain('coffee lovers in Portland');
    expect(analysis.feedbackAnalysis).toBeNull();
  });

  it('is deterministic: the same input gives the same draft', async () => {
    const first = await offlineCampaignDrafter.draftCampaign(input());
    const second = await offlineCampaignDrafter.draftCampaign(input());
    expect(second).toEqual(first);
  });

  it('gives one insight entry per website in order; a failed page keeps its error', async () => {
    const { analysis } = await offlineCampaignDrafter.draftCampaign(input());
    const [read, failed] = analysis.websiteInsights;
    expect(analysis.websiteInsights).toHaveLength(2);
    expect(read).toMatchObject({ url: 'https://harbor.coffee/', status: 'read', error: null });
    expect(read?.insights.length).toBeGreaterThanOrEqual(2);
    expect(read?.insights.length).toBeLessThanOrEqual(4);
    expect(read?.insights.join(' ')).toContain('Coffee worth waking up for!');
    expect(failed).toEqual({
      url: 'https://harbor.coffee/blog',
      status: 'failed',
      insights: [],
      error: GENERATION_MESSAGES.websiteUnreadable,
    });
  });

  it('without platforms or media, says to connect one and add some', async () => {
    const { campaign, analysis } = await offlineCampaignDrafter.draftCampaign(
      input({
        allowedPlatforms: [],
        media: [],
        websites: [],
        company: { ...HARBOR, brandVoice: '' },
      }),
    );
    expect(campaign.platforms).toEqual([]);
    expect(campaign.mediaAssets).toEqual([]);
    // No brand voice in the profile: one that fits the intention.
    expect(campaign.contentSeeds.brandVoice).toMatch(/builds anticipation/);
    expect(analysis.websiteInsights).toEqual([]);
    expect(analysis.recommendedNextSteps[0]).toMatch(/^Connect a social platform/);
    expect(analysis.recommendedNextSteps.join(' ')).toMatch(/Add a few photos/);
    expect(analysis.recommendedNextSteps.join(' ')).toMatch(/Active before generating content/);
  });

  it('names the campaign after a video when there is no image, and avoids recent names', async () => {
    const { campaign } = await offlineCampaignDrafter.draftCampaign(
      input({
        intention: 'event-promotion',
        prompt: 'Our harvest festival on 12 October, with live music and tastings.',
        media: [{ fileName: 'teaser.mov', type: 'video', description: '' }],
        recentCampaigns: ['Harvest Festival Event'],
      }),
    );
    expect(campaign.name).toBe('Harvest Festival Event (Part 2)');
    expect(campaign.mediaAssets[0]).toMatchObject({ fileName: 'teaser.mov', usage: 'primary' });
    expect(keyPhraseOf('We want to promote our summer workshop series for kids')).toBe(
      'Summer Workshop Series',
    );
  });

  it('applies feedback visibly: tone, platforms, a mention and "shorter"', async () => {
    const first = await offlineCampaignDrafter.draftCampaign(input());
    const { campaign, analysis } = await offlineCampaignDrafter.draftCampaign(
      input({
        allowedPlatforms: ['twitter', 'linkedin', 'facebook'],
        refinement: {
          previous: { ...first.campaign, platforms: ['twitter'] },
          feedback:
            'I like it, but make it more playful and shorter. Mention the free tasting on Saturday. Add LinkedIn and drop Twitter.',
        },
      }),
    );
    expect(campaign.contentSeeds.brandVoice).toBe(
      'Playful and light-hearted. Warm, upbeat and neighbourly.',
    );
    expect(campaign.platforms).toEqual(['linkedin']);
    expect(campaign.contentSeeds.keyMessages[0]).toBe('The free tasting on Saturday.');
    expect(campaign.contentSeeds.keyMessages).toHaveLength(3);
    expect(campaign.description.length).toBeLessThan(first.campaign.description.length);
    expect(campaign.mediaAssets.every((asset) => asset.platforms.join() === 'linkedin')).toBe(true);
    expect(analysis.promptUnderstanding).toContain('This version applies your feedback');
    expect(analysis.feedbackAnalysis).toEqual({
      sentimentScore: 1,
      keyPoints: [
        'I like it',
        'Make it more playful and shorter',
        'Mention the free tasting on Saturday',
        'Add LinkedIn and drop Twitter',
      ],
    });
  });

  it('reads negative feedback as such and keeps a platform it may not use out', async () => {
    const first = await offlineCampaignDrafter.draftCampaign(input());
    const { campaign, analysis } = await offlineCampaignDrafter.draftCampaign(
      input({
        refinement: {
          previous: first.campaign,
          feedback: 'This is too formal and boring. Post on Instagram too.',
        },
      }),
    );
    expect(campaign.contentSeeds.brandVoice).toMatch(/^Warm and casual\. /);
    expect(campaign.platforms).toEqual(['twitter', 'linkedin']);
    expect(analysis.promptUnderstanding).toContain('Instagram is not available');
    expect(analysis.feedbackAnalysis?.sentimentScore).toBe(0);
  });

  it('keeps unrecognised feedback where the post writer reads it', async () => {
    const first = await offlineCampaignDrafter.draftCampaign(input());
    const { campaign } = await offlineCampaignDrafter.draftCampaign(
      input({ refinement: { previous: first.campaign, feedback: 'Use British spelling' } }),
    );
    expect(campaign.contentSeeds.contentInstructions).toMatch(
      /Owner's note: Use British spelling\.$/,
    );
  });

  it('reports drafting then checking, and pauses between them', async () => {
    const pause = vi.fn(async () => {});
    const stages: string[] = [];
    await createOfflineCampaignDrafter({ pause }).draftCampaign(input(), async (stage) => {
      stages.push(stage);
    });
    expect(stages).toEqual(['drafting', 'checking']);
    expect(pause).toHaveBeenCalledTimes(2);
    const total = pause.mock.calls.reduce((sum, call) => sum + ((call as number[])[0] ?? 0), 0);
    expect(total).toBeGreaterThanOrEqual(1200);
    expect(total).toBeLessThanOrEqual(2000);
  });

  it('suggests 3-5 ideas per company and day, leaving out themes of recent campaigns', async () => {
    const ask = (today: string, recentCampaigns: string[] = []) =>
      offlineCampaignDrafter.suggestCampaigns({ company: HARBOR, recentCampaigns, today });
    const ideas = await ask('2025-10-14');
    expect(ideas.length).toBeGreaterThanOrEqual(3);
    expect(ideas.length).toBeLessThanOrEqual(5);
    expect(await ask('2025-10-14')).toEqual(ideas);
    expect(ideas.join(' ')).toContain('Harbor Coffee');
    expect(ideas.join(' ')).toMatch(/single-origin beans|October/);
    const afterStories = await ask('2025-10-14', ['Behind the Scenes Stories']);
    expect(afterStories.join(' ')).not.toMatch(/behind-the-scenes/);
    expect(offerOf(HARBOR)).toBe('single-origin beans');
    expect(offerOf({ ...HARBOR, description: '' })).toBeNull();
  });

  it('describes an image from its name, type and size', async () => {
    const describe = (width: number, height: number) =>
      offlineCampaignDrafter.describeImage({
        fileName: 'autumn_cup.png',
        contentType: 'image/png',
        bytes: new Uint8Array([1]),
        width,
        height,
        allowedPlatforms: ['twitter'],
        company: HARBOR,
      });
    expect(await describe(1200, 800)).toEqual({
      description: 'A wide PNG image (1200×800) named autumn cup.',
      suggestedUsage: 'primary',
      suggestedPlatforms: ['twitter'],
      width: 1200,
      height: 800,
    });
    expect((await describe(500, 700)).suggestedUsage).toBe('secondary');
    expect((await describe(500, 700)).description).toMatch(/^A tall PNG/);
    expect((await describe(200, 200)).suggestedUsage).toBe('reference');
  });
});
