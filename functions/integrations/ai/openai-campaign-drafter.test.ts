import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampaignAnalysis, CampaignDraft } from '#shared/contract/ai';
import { GENERATION_MESSAGES } from '#shared/domain/ai-campaigns';
import { HARBOR, campaignInput } from '#test/support/campaign-drafter-inputs';
import { FAKE_USAGE, reply, startOpenAiFake, type OpenAiFake } from '#test/support/openai-fake';
import { logger } from '#functions/core/logger';
import {
  DrafterInvalidAnswer,
  DrafterRefused,
  DrafterUnavailable,
  type ImageToDescribe,
} from './campaign-drafter';
import {
  createOpenAiCampaignDrafter,
  type OpenAiCampaignDrafterLimits,
} from './openai-campaign-drafter';
import { strictSchemaProblems, type JsonSchema } from './strict-json-schema';

/** Short limits, so that time-outs and retries take a moment rather than minutes. */
const LIMITS: OpenAiCampaignDrafterLimits = {
  campaign: { timeoutMs: 400, maxRetries: 2, deadlineMs: 5_000 },
  suggestions: { timeoutMs: 400, maxRetries: 1, deadlineMs: 5_000 },
  image: { timeoutMs: 400, maxRetries: 1, deadlineMs: 5_000 },
};

const CAMPAIGN: CampaignDraft = {
  name: 'Autumn Blend Launch',
  description:
    'Harbor Coffee launches its autumn blend for coffee lovers in Portland, with 10% off the first week.',
  campaignIntention: 'product-launch',
  platforms: ['twitter', 'linkedin'],
  contentSeeds: {
    brandVoice: 'Warm, upbeat and neighbourly.',
    keyMessages: [
      'The autumn blend is here: caramel and baked apple in every cup.',
      'Roasted in small batches in Portland, shipped the day it is roasted.',
      'Ten per cent off in the first week.',
    ],
    contentInstructions: 'Tease it, launch it, then share first reactions.',
  },
  mediaAssets: [
    {
      fileName: 'autumn-cup.png',
      type: 'image',
      usage: 'primary',
      description: 'Lead image for the launch post.',
      platforms: ['twitter', 'linkedin'],
    },
    {
      fileName: 'roastery.mp4',
      type: 'video',
      usage: 'secondary',
      description: 'The roastery at work.',
      platforms: ['linkedin'],
    },
    {
      fileName: 'beans.jpg',
      type: 'image',
      usage: 'secondary',
      description: 'Fresh beans.',
      platforms: ['twitter'],
    },
  ],
};

const ANALYSIS: CampaignAnalysis = {
  promptUnderstanding: 'A launch of the autumn blend for coffee lovers in Portland.',
  websiteInsights: [
    {
      url: 'https://harbor.coffee/',
      status: 'read',
      insights: [
        'Small-batch roasting is the core promise.',
        'Fresh shipping is a differentiator.',
      ],
      error: null,
    },
    {
      url: 'https://harbor.coffee/blog',
      status: 'failed',
      insights: [],
      error: GENERATION_MESSAGES.websiteUnreadable,
    },
  ],
  recommendedNextSteps: ['Review the key messages.', 'Set the campaign Active.'],
  feedbackAnalysis: null,
};

const ANSWER = { campaign: CAMPAIGN, analysis: ANALYSIS };

const IMAGE: ImageToDescribe = {
  fileName: 'autumn-cup.png',
  contentType: 'image/png',
  bytes: new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
  width: 1200,
  height: 800,
  allowedPlatforms: ['twitter', 'linkedin'],
  company: HARBOR,
};

type SentSchema = { name: string; strict: boolean; schema: JsonSchema };

const sentSchema = (openai: OpenAiFake, index = 0): SentSchema =>
  (openai.requests[index]!.body.response_format as { json_schema: SentSchema }).json_schema;

/** A node of a JSON schema, through `properties` (names) and `items`. */
const at = (schema: JsonSchema, ...path: string[]): JsonSchema =>
  path.reduce<JsonSchema>(
    (node, step) =>
      (step === 'items' ? node.items : (node.properties as JsonSchema)[step]) as JsonSchema,
    schema,
  );

const elapsed = async (run: () => Promise<unknown>) => {
  const start = Date.now();
  const outcome = await run().catch((error: unknown) => error);
  return { outcome, ms: Date.now() - start };
};

describe('OpenAI campaign drafter', () => {
  let openai: OpenAiFake;
  let restore: () => void;
  const drafter = createOpenAiCampaignDrafter(LIMITS);

  beforeAll(async () => {
    openai = await startOpenAiFake();
    restore = openai.install();
  });

  beforeEach(() => {
    openai.reset();
    vi.restoreAllMocks();
    vi.spyOn(logger, 'warn').mockImplementation(() => {});
    vi.spyOn(logger, 'error').mockImplementation(() => {});
  });

  afterAll(async () => {
    await openai.close();
    restore();
  });

  describe('drafting a campaign', () => {
    it('asks with the strict schema, the narrowed choices and the company profile; returns the answer and its usage', async () => {
      openai.next(reply.json(ANSWER));
      const stages: string[] = [];
      const result = await drafter.draftCampaign(campaignInput(), async (stage) => {
        stages.push(stage);
      });

      expect(result.campaign).toEqual(CAMPAIGN);
      expect(result.analysis).toEqual(ANALYSIS);
      expect(result.usage).toEqual({
        inputTokens: FAKE_USAGE.prompt_tokens,
        outputTokens: FAKE_USAGE.completion_tokens,
      });
      expect(stages).toEqual(['drafting', 'checking']);

      expect(openai.requests).toHaveLength(1);
      const [request] = openai.requests;
      expect(request?.path).toBe('/v1/chat/completions');
      expect(request?.headers.authorization).toBe('Bearer sk-test-not-real');
      expect(request?.body.model).toBe('gpt-4o-mini');
      const { name, strict, schema } = sentSchema(openai);
      expect({ name, strict }).toEqual({ name: 'campaign', strict: true });
      expect(strictSchemaProblems(schema)).toEqual([]);
      expect(at(schema, 'campaign', 'platforms', 'items').enum).toEqual(['twitter', 'linkedin']);
      expect(at(schema, 'campaign', 'mediaAssets', 'items', 'platforms', 'items').enum).toEqual([
        'twitter',
        'linkedin',
      ]);
      expect(at(schema, 'campaign', 'campaignIntention').enum).toEqual(['product-launch']);
      expect(at(schema, 'campaign', 'mediaAssets', 'items', 'fileName').enum).toEqual([
        'autumn-cup.png',
        'roastery.mp4',
        'beans.jpg',
      ]);
      expect(at(schema, 'analysis', 'websiteInsights', 'items', 'url').enum).toEqual([
        'https://harbor.coffee/',
        'https://harbor.coffee/blog',
      ]);
      expect(at(schema, 'campaign', 'name').description).toMatch(/at most 100 characters/);

      const prompt = JSON.stringify(request?.body.messages);
      for (const expected of [
        'Company: Harbor Coffee',
        'Brand voice: Warm, upbeat and neighbourly.',
        'Brand colours: #0B5FFF, #E4572E',
        'Website: https://harbor.coffee/',
        'product-launch (product launch: make the new product known',
        'twitter (X (Twitter)), linkedin (LinkedIn)',
        'Launch our new autumn blend for coffee lovers in Portland',
        'Coffee worth waking up for!',
        'https://harbor.coffee/blog: could not be read',
        '1. autumn-cup.png (image): A cup of the autumn blend on a wooden table',
        'Summer Cold Brew Launch',
        'feedbackAnalysis: null unless',
      ]) {
        expect(prompt).toContain(expected);
      }
      expect(prompt).not.toContain('This is a refinement');
    });

    it('holds the answer to the rules: allowed platforms, one entry per file and website, no feedback analysis on a first draft', async () => {
      openai.next(
        reply.json({
          campaign: {
            ...CAMPAIGN,
            name: `  ${'Autumn '.repeat(30)}`,
            campaignIntention: 'marketing',
            platforms: ['instagram', 'linkedin', 'linkedin'],
            contentSeeds: {
              ...CAMPAIGN.contentSeeds,
              keyMessages: Array.from({ length: 25 }, (_, index) => `Message ${index + 1}.`),
            },
            mediaAssets: [CAMPAIGN.mediaAssets[2], CAMPAIGN.mediaAssets[0]],
          },
          analysis: {
            ...ANALYSIS,
            websiteInsights: [
              { ...ANALYSIS.websiteInsights[0], url: 'https://somewhere.else/' },
              {
                url: 'https://harbor.coffee/blog',
                status: 'read',
                insights: ['Made up'],
                error: null,
              },
            ],
            feedbackAnalysis: { sentimentScore: 0.9, keyPoints: ['Nobody asked'] },
          },
        }),
      );
      const { campaign, analysis } = await drafter.draftCampaign(campaignInput());
      expect(campaign.name.length).toBeLessThanOrEqual(100);
      expect(campaign.name).toMatch(/^Autumn Autumn.*…$/);
      expect(campaign.campaignIntention).toBe('product-launch');
      expect(campaign.platforms).toEqual(['linkedin']);
      expect(campaign.contentSeeds.keyMessages).toHaveLength(20);
      expect(
        campaign.mediaAssets.map((asset) => [asset.fileName, asset.usage, asset.platforms]),
      ).toEqual([
        ['autumn-cup.png', 'primary', ['linkedin']],
        // Left out by the model: the default usage, the campaign's platforms, the owner's words.
        ['roastery.mp4', 'secondary', ['linkedin']],
        ['beans.jpg', 'secondary', ['linkedin']],
      ]);
      expect(campaign.mediaAssets[1]?.description).toBe('');
      expect(analysis.websiteInsights).toEqual([
        { ...ANALYSIS.websiteInsights[0], url: 'https://harbor.coffee/' },
        ANALYSIS.websiteInsights[1],
      ]);
      expect(analysis.feedbackAnalysis).toBeNull();
    });

    it('sends the previous version and the feedback on a refinement, and reads the feedback itself if the model did not', async () => {
      openai.next(reply.json(ANSWER));
      const { analysis } = await drafter.draftCampaign(
        campaignInput({
          refinement: { previous: CAMPAIGN, feedback: 'Great start. Make it more playful.' },
        }),
      );
      const prompt = JSON.stringify(openai.requests[0]?.body.messages);
      expect(prompt).toContain('This is a refinement');
      expect(prompt).toContain('Make it more playful.');
      expect(prompt).toContain('Fill feedbackAnalysis');
      expect(prompt).toContain('Tease it, launch it');
      expect(analysis.feedbackAnalysis).toEqual({
        sentimentScore: 1,
        keyPoints: ['Great start', 'Make it more playful'],
      });
    });

    it('keeps the full platform list in the schema when none is offered (an empty enum is no schema)', async () => {
      openai.next(reply.json(ANSWER));
      const { campaign } = await drafter.draftCampaign(
        campaignInput({ allowedPlatforms: [], media: [], websites: [] }),
      );
      const { schema } = sentSchema(openai);
      expect(strictSchemaProblems(schema)).toEqual([]);
      expect(at(schema, 'campaign', 'platforms', 'items').enum).toHaveLength(4);
      expect(at(schema, 'campaign', 'mediaAssets', 'items', 'fileName').enum).toBeUndefined();
      expect(JSON.stringify(openai.requests[0]?.body.messages)).toContain(
        'Platforms offered: none yet',
      );
      expect(campaign.platforms).toEqual([]);
      expect(campaign.mediaAssets).toEqual([]);
    });

    it('a refusal is DrafterRefused, without a retry', async () => {
      openai.next(reply.refusal());
      await expect(drafter.draftCampaign(campaignInput())).rejects.toBeInstanceOf(DrafterRefused);
      expect(openai.requests).toHaveLength(1);
    });

    it('an answer cut short is DrafterInvalidAnswer, without a retry', async () => {
      openai.next(reply.truncated());
      await expect(drafter.draftCampaign(campaignInput())).rejects.toBeInstanceOf(
        DrafterInvalidAnswer,
      );
      expect(openai.requests).toHaveLength(1);
    });

    it('asks once more after a malformed answer, and gives up after a second', async () => {
      openai.next(reply.notJson(), reply.json({ campaign: CAMPAIGN }));
      await expect(drafter.draftCampaign(campaignInput())).rejects.toBeInstanceOf(
        DrafterInvalidAnswer,
      );
      expect(openai.requests).toHaveLength(2);

      openai.reset();
      openai.next(reply.json({ ...ANSWER, analysis: { ...ANALYSIS, websiteInsights: 'none' } }));
      openai.next(reply.json(ANSWER));
      const result = await drafter.draftCampaign(campaignInput());
      expect(result.campaign.name).toBe('Autumn Blend Launch');
      expect(openai.requests).toHaveLength(2);
      // Both answers cost tokens.
      expect(result.usage).toEqual({
        inputTokens: 2 * FAKE_USAGE.prompt_tokens,
        outputTokens: 2 * FAKE_USAGE.completion_tokens,
      });
    });

    it('a model that never answers is DrafterUnavailable once the time-outs run out', async () => {
      openai.otherwise(reply.hang());
      const hasty = createOpenAiCampaignDrafter({
        ...LIMITS,
        campaign: { timeoutMs: 300, maxRetries: 0, deadlineMs: 5_000 },
      });
      const { outcome, ms } = await elapsed(() => hasty.draftCampaign(campaignInput()));
      expect(outcome).toBeInstanceOf(DrafterUnavailable);
      expect(ms).toBeGreaterThanOrEqual(290);
      expect(ms).toBeLessThan(2_000);
      expect(openai.requests).toHaveLength(1);
      expect(logger.warn).toHaveBeenCalledWith(
        'OpenAI gave no answer in time',
        expect.objectContaining({ error: 'timeout' }),
      );
    });

    it('the deadline ends a call even while the SDK waits out a long retry-after', async () => {
      openai.otherwise(reply.rateLimited(30));
      const bounded = createOpenAiCampaignDrafter({
        ...LIMITS,
        campaign: { timeoutMs: 1_000, maxRetries: 2, deadlineMs: 400 },
      });
      const { outcome, ms } = await elapsed(() => bounded.draftCampaign(campaignInput()));
      expect(outcome).toBeInstanceOf(DrafterUnavailable);
      expect(ms).toBeLessThan(1_500);
    });

    it('retries a 429 (honouring retry-after) and succeeds; a 429 every time is DrafterUnavailable', async () => {
      openai.next(reply.rateLimited(0.02), reply.json(ANSWER));
      const result = await drafter.draftCampaign(campaignInput());
      expect(result.campaign.name).toBe('Autumn Blend Launch');
      expect(openai.requests).toHaveLength(2);

      openai.reset();
      openai.otherwise(reply.rateLimited(0.02));
      await expect(drafter.draftCampaign(campaignInput())).rejects.toBeInstanceOf(
        DrafterUnavailable,
      );
      // The first try and the SDK's two retries.
      expect(openai.requests).toHaveLength(3);
      expect(logger.warn).toHaveBeenCalled();
      expect(logger.error).not.toHaveBeenCalled();
    });

    it('a 500 is retried by the SDK, then DrafterUnavailable', async () => {
      openai.otherwise(reply.serverError());
      const once = createOpenAiCampaignDrafter({
        ...LIMITS,
        campaign: { timeoutMs: 1_000, maxRetries: 1, deadlineMs: 5_000 },
      });
      await expect(once.draftCampaign(campaignInput())).rejects.toBeInstanceOf(DrafterUnavailable);
      expect(openai.requests).toHaveLength(2);
    });

    it('a 401 is DrafterUnavailable at once, logged as an error', async () => {
      openai.otherwise(reply.status(401));
      await expect(drafter.draftCampaign(campaignInput())).rejects.toBeInstanceOf(
        DrafterUnavailable,
      );
      expect(openai.requests).toHaveLength(1);
      expect(logger.error).toHaveBeenCalledWith(
        'OpenAI call failed',
        expect.objectContaining({ status: 401, error: 'status 401' }),
      );
    });
  });

  describe('campaign ideas', () => {
    it('asks for a small structured list and keeps 3-5 fresh ideas', async () => {
      openai.next(
        reply.json({
          suggestions: [
            'A behind-the-scenes series from the roastery.',
            'Summer Cold Brew Launch',
            'Weekly brewing tips for home baristas.',
            'An October tasting evening at the bar.',
            'Customer photo of the week.',
            'A loyalty card relaunch.',
            'Weekly brewing tips for home baristas.',
          ],
        }),
      );
      const ideas = await drafter.suggestCampaigns({
        company: HARBOR,
        recentCampaigns: ['Summer Cold Brew Launch'],
        today: '2025-10-14',
      });
      expect(ideas).toEqual([
        'A behind-the-scenes series from the roastery.',
        'Weekly brewing tips for home baristas.',
        'An October tasting evening at the bar.',
        'Customer photo of the week.',
        'A loyalty card relaunch.',
      ]);
      const { name, strict, schema } = sentSchema(openai);
      expect({ name, strict }).toEqual({ name: 'campaign_ideas', strict: true });
      expect(strictSchemaProblems(schema)).toEqual([]);
      const prompt = JSON.stringify(openai.requests[0]?.body.messages);
      expect(prompt).toContain('Today: 2025-10-14');
      expect(prompt).toContain('Company: Harbor Coffee');
    });

    it('too few ideas twice is DrafterInvalidAnswer; a 500 is DrafterUnavailable', async () => {
      openai.otherwise(reply.json({ suggestions: ['Just one idea.'] }));
      await expect(
        drafter.suggestCampaigns({ company: HARBOR, recentCampaigns: [] }),
      ).rejects.toBeInstanceOf(DrafterInvalidAnswer);
      expect(openai.requests).toHaveLength(2);

      openai.reset();
      openai.otherwise(reply.serverError(503));
      await expect(
        drafter.suggestCampaigns({ company: HARBOR, recentCampaigns: [] }),
      ).rejects.toBeInstanceOf(DrafterUnavailable);
      // The first try and the SDK's one retry.
      expect(openai.requests).toHaveLength(2);
    });
  });

  describe('describing an image', () => {
    it('sends the image as a data URL and keeps the answer to the allowed platforms', async () => {
      openai.next(
        reply.json({
          description: 'A cup of coffee on a wooden table, warm autumn light.',
          suggestedUsage: 'primary',
          suggestedPlatforms: ['linkedin', 'instagram'],
        }),
      );
      expect(await drafter.describeImage(IMAGE)).toEqual({
        description: 'A cup of coffee on a wooden table, warm autumn light.',
        suggestedUsage: 'primary',
        suggestedPlatforms: ['linkedin'],
        width: 1200,
        height: 800,
      });
      const messages = openai.requests[0]?.body.messages as {
        content: string | { type: string; image_url?: { url: string } }[];
      }[];
      const parts = messages[1]?.content as { type: string; image_url?: { url: string } }[];
      expect(parts.find((part) => part.type === 'image_url')?.image_url?.url).toBe(
        `data:image/png;base64,${Buffer.from(IMAGE.bytes).toString('base64')}`,
      );
      const { schema } = sentSchema(openai);
      expect(strictSchemaProblems(schema)).toEqual([]);
      expect(at(schema, 'suggestedPlatforms', 'items').enum).toEqual(['twitter', 'linkedin']);
    });

    it('a refusal is DrafterRefused; no answer in time is DrafterUnavailable', async () => {
      openai.next(reply.refusal());
      await expect(drafter.describeImage(IMAGE)).rejects.toBeInstanceOf(DrafterRefused);

      openai.reset();
      openai.otherwise(reply.hang());
      const { outcome, ms } = await elapsed(() =>
        createOpenAiCampaignDrafter({
          ...LIMITS,
          image: { timeoutMs: 200, maxRetries: 0, deadlineMs: 5_000 },
        }).describeImage(IMAGE),
      );
      expect(outcome).toBeInstanceOf(DrafterUnavailable);
      expect(ms).toBeLessThan(1_500);
    });
  });
});

describe('strict schema check', () => {
  it('names what OpenAI’s strict mode would refuse', () => {
    expect(
      strictSchemaProblems({
        type: 'object',
        properties: {
          open: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
          optional: { type: 'string', default: 'x' },
          none: { type: 'string', enum: [] },
        },
        required: ['open', 'none'],
        additionalProperties: false,
      }),
    ).toEqual([
      '(root): not required: optional',
      '(root).open: additionalProperties must be false',
      '(root).optional: unsupported keyword default',
      '(root).none: empty enum',
    ]);
  });
});
