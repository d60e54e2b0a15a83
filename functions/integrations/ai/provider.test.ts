import { describe, expect, it } from 'vitest';
import { withEnvironment } from '#functions/core/environment';
import { offlineCampaignDrafter } from './offline-campaign-drafter';
import { offlineContentDrafter } from './offline-content-drafter';
import { openAiCampaignDrafter } from './openai-campaign-drafter';
import { openAiContentDrafter } from './openai-content-drafter';
import { offlineDrafter } from './offline-drafter';
import { openAiDrafter } from './openai-drafter';
import { campaignDrafter, companyProfileDrafter, contentDrafter } from './provider';

describe('company profile drafter provider', () => {
  it('drafts with OpenAI when a key or its secret is configured, offline otherwise', async () => {
    expect(await withEnvironment({}, companyProfileDrafter)).toBe(offlineDrafter);
    expect(await withEnvironment({ SANDBOX: 'true' }, companyProfileDrafter)).toBe(offlineDrafter);
    expect(await withEnvironment({ OPENAI_API_KEY: 'sk-test' }, companyProfileDrafter)).toBe(
      openAiDrafter,
    );
    expect(
      await withEnvironment(
        { OPENAI_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:1:secret:openai' },
        companyProfileDrafter,
      ),
    ).toBe(openAiDrafter);
  });
});

describe('campaign drafter provider', () => {
  it('drafts campaigns with OpenAI when a key or its secret is configured, offline otherwise', async () => {
    expect(await withEnvironment({}, campaignDrafter)).toBe(offlineCampaignDrafter);
    expect(await withEnvironment({ OPENAI_API_KEY: 'sk-test' }, campaignDrafter)).toBe(
      openAiCampaignDrafter,
    );
    expect(
      await withEnvironment(
        { OPENAI_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:1:secret:openai' },
        campaignDrafter,
      ),
    ).toBe(openAiCampaignDrafter);
  });
});

describe('content drafter provider', () => {
  it('drafts posts with OpenAI when a key or its secret is configured, offline otherwise', async () => {
    expect(await withEnvironment({}, contentDrafter)).toBe(offlineContentDrafter);
    expect(await withEnvironment({ OPENAI_API_KEY: 'sk-test' }, contentDrafter)).toBe(
      openAiContentDrafter,
    );
    expect(
      await withEnvironment(
        { OPENAI_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:1:secret:openai' },
        contentDrafter,
      ),
    ).toBe(openAiContentDrafter);
  });
});
