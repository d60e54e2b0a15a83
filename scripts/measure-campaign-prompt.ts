/**
 * How big the OpenAI campaign drafter's requests are, for a real-shaped generation and refinement
 * (no key, no network: the requests go to the OpenAI fake and are measured there):
 *
 *   npx tsx scripts/measure-campaign-prompt.ts
 *
 * Prints, per request, the body's bytes, the characters of the messages (an image's data URL left
 * out) and of the JSON schema, and a token estimate (characters / 4; the schema counts towards the
 * input tokens too). 'full' is the most a generation sends: three websites read, five files, ten
 * recent campaigns, a long prompt.
 */
import type { CampaignDraftInput } from '#functions/integrations/ai/campaign-drafter';
import { createOpenAiCampaignDrafter } from '#functions/integrations/ai/openai-campaign-drafter';
import { summarisePage } from '#functions/integrations/ai/page-summary';
import { HARBOR, campaignInput } from '#test/support/campaign-drafter-inputs';
import { reply, startOpenAiFake, type OpenAiFakeRequest } from '#test/support/openai-fake';

/** A fuller home page than the tests' one: a dozen headings and a few thousand characters of copy. */
const bigPage = (topic: string): string => {
  const headings = Array.from(
    { length: 12 },
    (_, index) => `<h2>${topic} section ${index + 1}: why our customers come back</h2>`,
  );
  const paragraphs = Array.from(
    { length: 40 },
    (_, index) =>
      `<p>Paragraph ${index + 1} about ${topic}: we roast every bean ourselves in small batches, ship it the day it is roasted and explain on every bag where it comes from and how to brew it best.</p>`,
  );
  return `<html><head><title>${topic} | Harbor Coffee</title><meta name="description" content="All about ${topic} at Harbor Coffee, Portland's small-batch roaster."></head><body>${headings.join('')}${paragraphs.join('')}</body></html>`;
};

const input: CampaignDraftInput = campaignInput({
  prompt:
    'Launch our new autumn blend for coffee lovers in Portland, with 10% off the first week. It tastes of caramel and baked apple, and it is roasted a little darker than our summer blend. We want people to come to the bar for a free tasting on Saturday mornings in October, and to order bags online. Keep it warm and local; mention that the beans come from a women-led cooperative in Huila, Colombia.',
  websites: [
    'https://harbor.coffee/',
    'https://harbor.coffee/autumn',
    'https://harbor.coffee/about',
  ].map((url, index) => ({
    url,
    status: 'read' as const,
    page: summarisePage(url, bigPage(['coffee', 'the autumn blend', 'our story'][index]!)),
  })),
  media: Array.from({ length: 5 }, (_, index) => ({
    fileName: `autumn-${index + 1}.jpg`,
    type: 'image' as const,
    description: `Photo ${index + 1}: a cup of the autumn blend on the bar, warm light, a few roasted beans around it.`,
  })),
  recentCampaigns: Array.from({ length: 10 }, (_, index) => `Campaign number ${index + 1}`),
});

const describe = (label: string, request: OpenAiFakeRequest) => {
  // An image's data URL is not text: OpenAI bills a "low" detail image as 85 tokens.
  const messages = JSON.stringify(request.body.messages).replace(/data:[^"]+/g, '<image>');
  const schema = JSON.stringify(request.body.response_format);
  const images = (messages.match(/<image>/g) ?? []).length;
  const tokens = Math.round((messages.length + schema.length) / 4) + 85 * images;
  console.log(
    `${label.padEnd(22)} body ${String(request.bytes).padStart(6)} B | messages ${String(messages.length).padStart(6)} chars | schema ${String(schema.length).padStart(5)} chars | ≈ ${tokens} input tokens`,
  );
};

const main = async () => {
  const openai = await startOpenAiFake();
  const restore = openai.install();
  try {
    const drafter = createOpenAiCampaignDrafter();
    const answer = {
      campaign: {
        name: 'Autumn Blend Launch',
        description: 'x',
        campaignIntention: 'product-launch',
        platforms: ['twitter'],
        contentSeeds: { brandVoice: 'Warm.', keyMessages: ['One.'], contentInstructions: 'x' },
        mediaAssets: [],
      },
      analysis: {
        promptUnderstanding: 'x',
        websiteInsights: [],
        recommendedNextSteps: [],
        feedbackAnalysis: null,
      },
    };
    openai.otherwise(reply.json(answer));
    await drafter.draftCampaign(campaignInput());
    describe('generate (tests input)', openai.requests.pop()!);
    const first = await drafter.draftCampaign(input);
    describe('generate (full)', openai.requests[0]!);
    await drafter.draftCampaign({
      ...input,
      refinement: {
        previous: { ...first.campaign, description: 'y'.repeat(600) },
        feedback: 'Make it more playful and mention the Saturday tastings in every LinkedIn post.',
      },
    });
    describe('refine (full)', openai.requests[1]!);
    openai.otherwise(reply.json({ suggestions: ['a', 'b', 'c'] }));
    await drafter.suggestCampaigns({ company: HARBOR, recentCampaigns: input.recentCampaigns });
    describe('suggestions', openai.requests[2]!);
    openai.otherwise(
      reply.json({ description: 'x', suggestedUsage: 'primary', suggestedPlatforms: [] }),
    );
    await drafter.describeImage({
      fileName: 'autumn-1.jpg',
      contentType: 'image/jpeg',
      bytes: new Uint8Array(300_000),
      width: 1600,
      height: 1200,
      allowedPlatforms: ['twitter', 'linkedin'],
      company: HARBOR,
    });
    describe('describe image (300 KB)', openai.requests[3]!);
  } finally {
    restore();
    await openai.close();
  }
};

await main();
