import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { postTextLength } from '#shared/domain/post-text';
import { contentInput } from '#test/support/content-drafter-inputs';
import { FAKE_USAGE, reply, startOpenAiFake, type OpenAiFake } from '#test/support/openai-fake';
import { logger } from '#functions/core/logger';
import { DrafterInvalidAnswer, DrafterRefused, DrafterUnavailable } from './campaign-drafter';
import type { ContentDraftInput } from './content-drafter';
import {
  createOpenAiContentDrafter,
  type OpenAiContentDrafterLimits,
} from './openai-content-drafter';
import { strictSchemaProblems, type JsonSchema } from './strict-json-schema';

/** Short limits, so that time-outs and retries take a moment rather than minutes. */
const LIMITS: OpenAiContentDrafterLimits = {
  post: { timeoutMs: 400, maxRetries: 2, deadlineMs: 5_000 },
};

const POST = 'Autumn is here ☕ Our new blend tastes of caramel and baked apple. #AutumnBlend';

type Message = { role: string; content: string };

const messagesOf = (openai: OpenAiFake, index = 0) =>
  openai.requests[index]!.body.messages as Message[];

const promptOf = (openai: OpenAiFake, index = 0) =>
  messagesOf(openai, index)
    .map((message) => message.content)
    .join('\n');

describe('OpenAI content drafter', () => {
  let openai: OpenAiFake;
  let restore: () => void;
  const drafter = createOpenAiContentDrafter(LIMITS);

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

  it('asks with a strict schema and a prompt that carries the company, the campaign, the media, the platform and the recent posts', async () => {
    openai.next(reply.json({ text: POST }));
    const stages: string[] = [];
    const result = await drafter.draftPost(contentInput(), async (stage) => {
      stages.push(stage);
    });

    expect(result).toEqual({
      text: POST,
      usage: { inputTokens: FAKE_USAGE.prompt_tokens, outputTokens: FAKE_USAGE.completion_tokens },
    });
    expect(stages).toEqual(['drafting', 'checking']);
    expect(drafter.source).toBe('openai');

    expect(openai.requests).toHaveLength(1);
    const [request] = openai.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.body.model).toBe('gpt-4o-mini');
    const format = request?.body.response_format as {
      json_schema: { name: string; strict: boolean; schema: JsonSchema };
    };
    expect(format.json_schema).toMatchObject({ name: 'post', strict: true });
    expect(strictSchemaProblems(format.json_schema.schema)).toEqual([]);
    expect(Object.keys(format.json_schema.schema.properties as JsonSchema)).toEqual(['text']);

    const messages = messagesOf(openai);
    expect(messages.map((message) => message.role)).toEqual(['system', 'user']);
    const prompt = promptOf(openai);
    for (const expected of [
      'Company: Harbor Coffee',
      'Description: Harbor Coffee roasts small batches',
      'Brand voice: Warm, upbeat and neighbourly.',
      'Campaign: Autumn Blend Launch',
      'Campaign description: Harbor Coffee launches its autumn blend',
      'product-launch (product launch: make the new product known',
      '- The autumn blend is here: caramel and baked apple in every cup.',
      '- Ten per cent off in the first week.',
      'Tease it, launch it, then share first reactions. Keep it cosy.',
      '1. image (primary): A cup of the autumn blend on a wooden table',
      '2. image (secondary): Freshly roasted beans',
      'Platform: X (Twitter)',
      'at most 280 characters as X counts them',
      '1–2 hashtags',
      'Links: none. X charges far more for a post with a link',
      'Something is brewing at Harbor Coffee',
      'Never invent prices',
    ]) {
      expect(prompt).toContain(expected);
    }
    expect(prompt).not.toContain('This is a revision');
  });

  it("gives each platform its own guidance and X's link rule only where it applies", async () => {
    openai.otherwise(reply.json({ text: POST }));
    await drafter.draftPost(contentInput({ platform: 'linkedin' }));
    expect(promptOf(openai, 0)).toContain('3–5 hashtags at the end');
    expect(promptOf(openai, 0)).not.toContain('X charges');

    const withLink = contentInput();
    withLink.campaign = {
      ...withLink.campaign,
      contentInstructions: 'Always link to https://harbor.coffee/autumn',
    };
    const { text } = await drafter.draftPost(withLink);
    expect(promptOf(openai, 1)).toContain('the instructions ask for a link');
    expect(text).toBe(POST);
  });

  it('sends the current post, the feedback and the aspects on a revision', async () => {
    openai.next(reply.json({ text: 'Caramel, baked apple, autumn. ☕ #AutumnBlend' }));
    const { text } = await drafter.draftPost(
      contentInput({
        revision: {
          previous: POST,
          feedback: 'Too long, and less formal please.',
          aspects: ['length', 'tone'],
        },
      }),
    );
    expect(text).toBe('Caramel, baked apple, autumn. ☕ #AutumnBlend');
    const prompt = promptOf(openai);
    expect(prompt).toContain('This is a revision');
    expect(prompt).toContain(POST);
    expect(prompt).toContain('Too long, and less formal please.');
    expect(prompt).toContain('- length: make it shorter');
    expect(prompt).toContain('- tone: change the voice');
    expect(prompt).not.toContain('- messaging:');
  });

  it('asks once more, saying how far over, when a post is over the limit; both cost tokens', async () => {
    const tooLong = `${'Our autumn blend tastes of caramel and baked apple. '.repeat(8)}#AutumnBlend`;
    openai.next(reply.json({ text: tooLong }), reply.json({ text: POST }));
    const result = await drafter.draftPost(contentInput());
    expect(result.text).toBe(POST);
    expect(openai.requests).toHaveLength(2);
    const retry = messagesOf(openai, 1);
    expect(retry.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    const over = postTextLength('twitter', tooLong).length - 280;
    expect(retry[3]?.content).toContain(
      `That post is ${over + 280} characters as X (Twitter) counts them; it allows 280, so it is ${over} over.`,
    );
    expect(result.usage).toEqual({
      inputTokens: 2 * FAKE_USAGE.prompt_tokens,
      outputTokens: 2 * FAKE_USAGE.completion_tokens,
    });
  });

  it('fits a post that is still over the limit after the second ask, without a third', async () => {
    const tooLong = `${'Our autumn blend tastes of caramel and baked apple. '.repeat(8)}#AutumnBlend`;
    openai.otherwise(reply.json({ text: tooLong }));
    const { text } = await drafter.draftPost(contentInput());
    expect(openai.requests).toHaveLength(2);
    expect(postTextLength('twitter', text).withinLimit).toBe(true);
    expect(text).toMatch(
      /^Our autumn blend tastes of caramel and baked apple\. .*\n?#AutumnBlend$/s,
    );
  });

  it('tells Instagram hashtags over the limit too', async () => {
    const tags = Array.from({ length: 34 }, (_, index) => `#tag${index}`).join(' ');
    openai.otherwise(reply.json({ text: `Autumn is here.\n\n${tags}` }));
    const { text } = await drafter.draftPost(contentInput({ platform: 'instagram' }));
    expect(promptOf(openai, 1)).toContain('It has 34 hashtags; Instagram allows 30.');
    expect(postTextLength('instagram', text).hashtags).toBe(30);
  });

  it('removes a link from an X post when the instructions did not ask for one', async () => {
    openai.next(
      reply.json({ text: 'The autumn blend is here! Order now: https://harbor.coffee/autumn' }),
    );
    const { text } = await drafter.draftPost(contentInput());
    expect(text).toBe('The autumn blend is here! Order now');
    expect(postTextLength('twitter', text).hasUrl).toBe(false);
  });

  it('keeps the link on LinkedIn', async () => {
    const withLink = 'The autumn blend is here.\n\nOrder at https://harbor.coffee/autumn';
    openai.next(reply.json({ text: withLink }));
    const { text } = await drafter.draftPost(contentInput({ platform: 'linkedin' }));
    expect(text).toBe(withLink);
  });

  it('a refusal is DrafterRefused, without a retry', async () => {
    openai.next(reply.refusal());
    await expect(drafter.draftPost(contentInput())).rejects.toBeInstanceOf(DrafterRefused);
    expect(openai.requests).toHaveLength(1);
  });

  it('an answer that is not JSON is asked for once more, then DrafterInvalidAnswer', async () => {
    openai.otherwise(reply.notJson('Here is your post: Autumn is here!'));
    await expect(drafter.draftPost(contentInput())).rejects.toBeInstanceOf(DrafterInvalidAnswer);
    expect(openai.requests).toHaveLength(2);
  });

  it('an empty post, or one of nothing but a link on X, is DrafterInvalidAnswer', async () => {
    openai.otherwise(reply.json({ text: '   ' }));
    await expect(drafter.draftPost(contentInput())).rejects.toBeInstanceOf(DrafterInvalidAnswer);
    expect(openai.requests).toHaveLength(2);

    openai.reset();
    openai.next(reply.json({ text: 'https://harbor.coffee/autumn' }));
    await expect(drafter.draftPost(contentInput())).rejects.toBeInstanceOf(DrafterInvalidAnswer);
  });

  it('a 429 every time is DrafterUnavailable after the SDK’s two retries', async () => {
    openai.otherwise(reply.rateLimited(0.02));
    await expect(drafter.draftPost(contentInput())).rejects.toBeInstanceOf(DrafterUnavailable);
    expect(openai.requests).toHaveLength(3);
    expect(logger.warn).toHaveBeenCalledWith(
      'OpenAI gave no answer in time',
      expect.objectContaining({ what: 'draft post', error: 'rate-limited' }),
    );
  });

  it('a 5xx is retried, then DrafterUnavailable; a retried one that recovers answers', async () => {
    openai.otherwise(reply.serverError(503));
    await expect(drafter.draftPost(contentInput())).rejects.toBeInstanceOf(DrafterUnavailable);
    expect(openai.requests).toHaveLength(3);

    openai.reset();
    openai.next(reply.serverError(), reply.json({ text: POST }));
    expect((await drafter.draftPost(contentInput())).text).toBe(POST);
  });

  it('a model that never answers is DrafterUnavailable once the time-outs run out', async () => {
    openai.otherwise(reply.hang());
    const hasty = createOpenAiContentDrafter({
      post: { timeoutMs: 200, maxRetries: 1, deadlineMs: 5_000 },
    });
    const start = Date.now();
    const outcome = await hasty.draftPost(contentInput()).catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(DrafterUnavailable);
    expect(Date.now() - start).toBeLessThan(3_000);
    expect(openai.requests).toHaveLength(2);
    expect(logger.warn).toHaveBeenCalledWith(
      'OpenAI gave no answer in time',
      expect.objectContaining({ error: 'timeout' }),
    );
  });

  it('keeps a long recent post short in the prompt', async () => {
    openai.next(reply.json({ text: POST }));
    const input: ContentDraftInput = contentInput({ recentPosts: [`${'word '.repeat(400)}END`] });
    await drafter.draftPost(input);
    expect(promptOf(openai)).not.toContain('END');
  });
});
