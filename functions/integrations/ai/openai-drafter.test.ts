import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reply, startOpenAiFake, type OpenAiFake } from '#test/support/openai-fake';
import { HARBOR_COFFEE } from '#test/support/test-site';
import { openAiDrafter } from './openai-drafter';
import { summarisePage } from './page-summary';

/** The real SDK against a stand-in for OpenAI's HTTP API. */
describe('OpenAI drafter', () => {
  let openai: OpenAiFake;
  let restore: () => void;
  const HARBOR_REPLY = {
    name: 'Harbor Coffee',
    description: 'Small-batch coffee roasters in Portland who ship beans the day they roast them.',
    brandVoice: 'Warm, upbeat and neighbourly.',
    brandColors: ['#0b5fff', 'orange', '#E4572E'],
  };

  beforeAll(async () => {
    openai = await startOpenAiFake();
    restore = openai.install();
  });

  beforeEach(() => {
    openai.reset();
    openai.otherwise(reply.json(HARBOR_REPLY));
  });

  afterAll(async () => {
    await openai.close();
    restore();
  });

  it('asks for a structured draft from the page and keeps only valid colours', async () => {
    const draft = await openAiDrafter.draft(summarisePage('https://harbor.coffee/', HARBOR_COFFEE));
    expect(draft).toEqual({
      name: 'Harbor Coffee',
      description:
        'Small-batch coffee roasters in Portland who ship beans the day they roast them.',
      brandVoice: 'Warm, upbeat and neighbourly.',
      brandColors: ['#0B5FFF', '#E4572E'],
    });
    const [request] = openai.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer sk-test-not-real');
    expect(request?.body).toMatchObject({
      model: 'gpt-4o-mini',
      response_format: { type: 'json_schema' },
    });
    expect(JSON.stringify(request?.body.messages)).toContain('Harbor Coffee roasts small batches');
  });

  it('asks for exactly the drafted profile’s fields, as OpenAI’s strict mode requires', async () => {
    await openAiDrafter.draft(summarisePage('https://harbor.coffee/', HARBOR_COFFEE));
    const { json_schema } = openai.requests[0]!.body.response_format as {
      json_schema: { strict: boolean; schema: Record<string, unknown> };
    };
    expect(json_schema.strict).toBe(true);
    expect(json_schema.schema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['name', 'description', 'brandVoice', 'brandColors'],
    });
    expect(json_schema.schema).not.toHaveProperty('$schema');
  });

  it('keeps an over-long or colourless answer inside the company field rules', async () => {
    openai.next(
      reply.json({ name: '', description: 'x'.repeat(3000), brandVoice: 'Calm.', brandColors: [] }),
    );
    const draft = await openAiDrafter.draft(summarisePage('https://harbor.coffee/', HARBOR_COFFEE));
    expect(draft.name).toBe('Harbor Coffee');
    expect(draft.description).toHaveLength(2000);
    // The page's theme colour stands in when the model names none.
    expect(draft.brandColors).toEqual(['#0B5FFF']);
  });
});
