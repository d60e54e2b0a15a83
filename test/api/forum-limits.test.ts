import { describe, expect, it } from 'vitest';
import { FORUM_REPLIES_PER_DAY, FORUM_THREADS_PER_DAY } from '#shared/domain/forum';
import { member, newCategory, newThread } from './forum-support';
import { call } from './http';

describe('what one member may write a day', () => {
  it(`starts exactly ${FORUM_THREADS_PER_DAY} of 13 threads sent at once`, async () => {
    const writer = await member('founder');
    const { _id: categoryId, slug } = await newCategory(writer);
    const answers = await Promise.all(
      Array.from({ length: 13 }, (_, index) =>
        call('POST', '/forum/threads', {
          token: writer.token,
          body: { title: `Thread ${index}`, content: 'Hello', categoryId },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(FORUM_THREADS_PER_DAY);
    expect(statuses.filter((status) => status === 429)).toHaveLength(13 - FORUM_THREADS_PER_DAY);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body).toMatchObject({ code: 'FORUM_THREAD_LIMIT_REACHED' });
    expect(refused.body.message).toMatch(/^You can start at most 10 threads a day/);
    const category = await call<{ category: { threads: number } }>(
      'GET',
      `/forum/categories/${slug}`,
      { token: writer.token },
    );
    expect(category.body.category.threads).toBe(FORUM_THREADS_PER_DAY);
  });

  it(`writes exactly ${FORUM_REPLIES_PER_DAY} of ${FORUM_REPLIES_PER_DAY + 4} replies sent at once`, async () => {
    const [writer, author] = await Promise.all([member('founder'), member('founder')]);
    const thread = await newThread(author, (await newCategory(author))._id);
    const answers = await Promise.all(
      Array.from({ length: FORUM_REPLIES_PER_DAY + 4 }, (_, index) =>
        call('POST', '/forum/posts', {
          token: writer.token,
          body: { content: `Reply ${index}`, threadId: thread._id },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(FORUM_REPLIES_PER_DAY);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
    expect(answers.find((answer) => answer.status === 429)!.body.code).toBe(
      'FORUM_REPLY_LIMIT_REACHED',
    );
    const page = await call<{ thread: { posts: number }; data: unknown[] }>(
      'GET',
      `/forum/threads/${thread._id}?limit=100`,
      { token: author.token },
    );
    expect(page.body.thread.posts).toBe(FORUM_REPLIES_PER_DAY);
    expect(page.body.data).toHaveLength(FORUM_REPLIES_PER_DAY);
  });
});
