import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARBOR_COFFEE } from '#test/support/test-site';
import { resetConfigForTests } from '#functions/core/config';
import { openAiDrafter } from './openai-drafter';
import { summarisePage } from './page-summary';

/** A stand-in for OpenAI's HTTP API: the real SDK runs against it. */
describe('OpenAI drafter', () => {
  let server: Server;
  const requests: { path: string; authorization?: string; body: Record<string, unknown> }[] = [];
  const saved = { ...process.env };
  const HARBOR_REPLY = {
    name: 'Harbor Coffee',
    description: 'Small-batch coffee roasters in Portland who ship beans the day they roast them.',
    brandVoice: 'Warm, upbeat and neighbourly.',
    brandColors: ['#0b5fff', 'orange', '#E4572E'],
  };
  let reply: Record<string, unknown> = HARBOR_REPLY;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        requests.push({
          path: req.url ?? '',
          authorization: req.headers.authorization,
          body: JSON.parse(raw),
        });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'chatcmpl-test',
            object: 'chat.completion',
            created: 0,
            model: 'gpt-4o-mini',
            choices: [
              {
                index: 0,
                finish_reason: 'stop',
                message: {
                  role: 'assistant',
                  content: JSON.stringify(reply),
                },
              },
            ],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    Object.assign(process.env, {
      OPENAI_API_KEY: 'sk-test-not-real',
      OPENAI_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    });
    resetConfigForTests();
  });

  afterAll(() => {
    server.close();
    process.env = saved;
    resetConfigForTests();
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
    const [request] = requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.authorization).toBe('Bearer sk-test-not-real');
    expect(request?.body).toMatchObject({
      model: 'gpt-4o-mini',
      response_format: { type: 'json_schema' },
    });
    expect(JSON.stringify(request?.body.messages)).toContain('Harbor Coffee roasts small batches');
  });

  it('asks for exactly the drafted profile’s fields, as OpenAI’s strict mode requires', async () => {
    requests.length = 0;
    await openAiDrafter.draft(summarisePage('https://harbor.coffee/', HARBOR_COFFEE));
    const { json_schema } = requests[0]!.body.response_format as {
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
    reply = { name: '', description: 'x'.repeat(3000), brandVoice: 'Calm.', brandColors: [] };
    try {
      const draft = await openAiDrafter.draft(
        summarisePage('https://harbor.coffee/', HARBOR_COFFEE),
      );
      expect(draft.name).toBe('Harbor Coffee');
      expect(draft.description).toHaveLength(2000);
      // The page's theme colour stands in when the model names none.
      expect(draft.brandColors).toEqual(['#0B5FFF']);
    } finally {
      reply = HARBOR_REPLY;
    }
  });
});
