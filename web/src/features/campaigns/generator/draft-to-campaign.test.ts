import { describe, expect, it } from 'vitest';
import { CAMPAIGN_NAME_MAX, MAX_KEY_MESSAGES } from '#shared/domain/campaigns';
import { makeCampaignDraft } from '#web/test/fixtures';
import { campaignBodyFromDraft, sentimentLabel } from './draft-to-campaign';
import { appendTranscript } from './use-speech-recognition';

describe('campaignBodyFromDraft', () => {
  it("is a draft from today for 30 days in the company's zone, without a schedule", () => {
    // 06:00 UTC on Nov 10 is still Nov 9 in Los Angeles.
    const body = campaignBodyFromDraft(
      'c1',
      makeCampaignDraft(),
      'America/Los_Angeles',
      new Date('2026-11-10T06:00:00.000Z'),
    );
    expect(body).toMatchObject({
      company: 'c1',
      name: 'Autumn Blend Mornings',
      status: 'draft',
      startDate: '2026-11-09',
      endDate: '2026-12-09',
      campaignIntention: 'product-launch',
      platforms: ['twitter'],
    });
    expect(body).not.toHaveProperty('schedule');
    expect(
      campaignBodyFromDraft(
        'c1',
        makeCampaignDraft(),
        'Asia/Tokyo',
        new Date('2026-11-10T16:00:00Z'),
      ),
    ).toMatchObject({ startDate: '2026-11-11', endDate: '2026-12-11' });
  });

  it("holds a drafter's overlong texts to the campaign's limits", () => {
    const body = campaignBodyFromDraft(
      'c1',
      makeCampaignDraft({
        name: `  ${'N'.repeat(CAMPAIGN_NAME_MAX + 20)}`,
        contentSeeds: {
          brandVoice: 'Warm',
          keyMessages: ['', ...Array.from({ length: MAX_KEY_MESSAGES + 3 }, (_, i) => ` m${i} `)],
          contentInstructions: '',
        },
      }),
      'UTC',
    );
    expect(body.name).toHaveLength(CAMPAIGN_NAME_MAX);
    expect(body.contentSeeds?.keyMessages).toHaveLength(MAX_KEY_MESSAGES);
    expect(body.contentSeeds?.keyMessages?.[0]).toBe('m0');
  });
});

describe('sentimentLabel', () => {
  it("reads 'Positive' only above 0.5", () => {
    expect(sentimentLabel(0.51)).toBe('Positive');
    expect(sentimentLabel(1)).toBe('Positive');
    expect(sentimentLabel(0.5)).toBe('Negative');
    expect(sentimentLabel(0)).toBe('Negative');
  });
});

describe('appendTranscript', () => {
  it('adds dictated words after the text with one space', () => {
    expect(appendTranscript('', 'Hello')).toBe('Hello');
    expect(appendTranscript('  ', 'Hello')).toBe('Hello');
    expect(appendTranscript('Launch', 'the blend')).toBe('Launch the blend');
    expect(appendTranscript('Launch\n', 'the blend')).toBe('Launch\nthe blend');
  });
});
