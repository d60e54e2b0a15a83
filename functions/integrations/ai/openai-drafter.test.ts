import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARBOR_COFFEE } from '#test/support/test-site';
import { summarisePage } from '#functions/ai/page-summary';
import { resetConfigForTests } from '#functions/core/config';
import { openAiDrafter } from './openai-drafter';

/** A stand-in for OpenAI's HTTP API: the real SDK runs against it. */
describe('OpenAI drafter', () => {
  let server: Server;
  const requests: { path: string; authorization?: string; body: Record<string, unknown> }[] = [];
  const saved = { ...process.env };

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
                  content: JSON.stringify({
                    name: 'Harbor Coffee',
                    description:
                      'Small-batch coffee roasters in Portland who ship beans the day they roast them.',
                    brandVoice: 'Warm, upbeat and neighbourly.',
                    brandColors: ['#0b5fff', 'orange', '#E4572E'],
                  }),
                },
              },
            ],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    Object.assign(process.env, {
      TABLE_NAME: 'unit',
      APP_URL: 'http://localhost:3000',
      JWT_SECRET: 'k'.repeat(48),
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
    const draft = await openAiDrafter().draft(
      summarisePage('https://harbor.coffee/', HARBOR_COFFEE),
    );
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
});
