import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { FORUM_POSTS_PAGE_SIZE, FORUM_THREADS_PAGE_SIZE } from '#shared/domain/forum';
import { BUDGETS } from './budgets';
import { startBenchSandbox, type BenchSandbox } from './sandbox-child';
import { median, percentile } from './stats';
import { failedRow, infoRow, judgedRow, type Row } from './table';
import { pointEntitiesAt, sandboxTableClient, writeInBatches } from './sandbox-table';
import { callSandboxApi } from './sandbox-api';

const SECTION = 'Forum pages';
/** Threads in the category, and replies in the thread, at each size. */
const SIZES = [10, 10_000] as const;
/** Pages timed per size and page kind, following the cursor and starting over at the end. */
const SAMPLES = 100;
const MINUTE_MS = 60 * 1000;

const ms = (value: number) => `${Math.round(value)} ms`;

interface Member {
  token: string;
  userId: string;
}

/**
 * A category's page (GET /forum/categories/{slug}) at 10 and 10,000 threads in the category, and a
 * thread's page (GET /forum/threads/{id}) at 10 and 10,000 replies, on a sandbox of its own (on
 * the RAM disk). Each size has its own category and thread, made through the API by a member whose
 * role is set in the table; the threads and replies are written straight into DynamoDB Local with
 * the real entities, 25 an item batch, as the API writes them. Then SAMPLES pages of each (the
 * screens' page size, following the cursor) are timed one at a time through the HTTP API, after
 * one untimed call: p50 and p99, judged against their budgets at every size.
 */
export const measureForumPages = async (): Promise<Row[]> => {
  console.log('Forum: starting a sandbox of its own…');
  let sandbox: BenchSandbox | undefined;
  try {
    sandbox = await startBenchSandbox('none', { ramDisk: true });
    const seeding = await seederFor(sandbox);
    const reader = await seeding.member(await newMember(sandbox, 'reader'));
    const author = await seeding.member(await newMember(sandbox, 'author'));
    const rows: Row[] = [];
    const p50s = { category: [] as number[], thread: [] as number[] };
    for (const size of SIZES) {
      const count = size.toLocaleString('en-US');
      const category = await api<{ _id: string; slug: string }>(
        sandbox,
        'POST',
        '/forum/categories',
        {
          token: author.token,
          body: { name: `Bench ${randomUUID().slice(0, 8)}`, description: 'Measured', order: 0 },
        },
      );
      const thread = await api<{ _id: string }>(sandbox, 'POST', '/forum/threads', {
        token: author.token,
        body: {
          title: 'Measured thread',
          content: 'Its replies are seeded',
          categoryId: category._id,
        },
      });
      console.log(`Forum: seeding ${count} threads and ${count} replies…`);
      await seeding.threads(category, author.userId, size - 1);
      await seeding.replies(thread._id, author.userId, size);

      const categoryTimes = await timePages(
        sandbox,
        reader,
        `/forum/categories/${category.slug}`,
        FORUM_THREADS_PAGE_SIZE,
      );
      const threadTimes = await timePages(
        sandbox,
        reader,
        `/forum/threads/${thread._id}`,
        FORUM_POSTS_PAGE_SIZE,
      );
      p50s.category.push(median(categoryTimes));
      p50s.thread.push(median(threadTimes));
      for (const [label, times] of [
        [`category page, ${count} threads`, categoryTimes],
        [`thread page, ${count} replies`, threadTimes],
      ] as const) {
        rows.push(
          judgedRow(SECTION, `${label}: p50`, median(times), BUDGETS.forumPageP50Ms, ms),
          judgedRow(SECTION, `${label}: p99`, percentile(times, 99), BUDGETS.forumPageP99Ms, ms),
        );
      }
    }
    const ratio = (values: number[]) => `${(values.at(-1)! / values[0]!).toFixed(1)}×`;
    rows.push(
      infoRow(SECTION, 'category page p50 at 10,000 over p50 at 10', ratio(p50s.category)),
      infoRow(SECTION, 'thread page p50 at 10,000 over p50 at 10', ratio(p50s.thread)),
    );
    return rows;
  } catch (error) {
    return [failedRow(SECTION, 'category and thread pages', error)];
  } finally {
    await sandbox?.stop();
  }
};

const api = <T>(
  sandbox: BenchSandbox,
  method: string,
  path: string,
  options: { body?: unknown; token?: string } = {},
): Promise<T> => callSandboxApi<T>(sandbox.url, method, path, options);

const newMember = async (sandbox: BenchSandbox, lead: string): Promise<Member> => {
  const { access_token: token, user } = await api<{
    access_token: string;
    user: { _id: string };
  }>(sandbox, 'POST', '/auth/register', {
    body: {
      email: `bench-forum-${lead}-${randomUUID().slice(0, 8)}@example.com`,
      password: 'benchmark-password',
      firstName: 'Bench',
      lastName: 'Mark',
      phoneNumber: '(555) 010-0003',
    },
  });
  return { token, userId: user._id };
};

/** Writes forum items straight into the sandbox's table with the real entities. */
const seederFor = async (sandbox: BenchSandbox) => {
  pointEntitiesAt(sandbox.dynamoDbEndpoint);
  const [{ forumThreadEntity, listPlaceOf }, { forumPostEntity }, { userEntity }, ids] =
    await Promise.all([
      import('#functions/core/db/entities/forum-thread'),
      import('#functions/core/db/entities/forum-post'),
      import('#functions/core/db/entities/user'),
      import('#functions/core/ids'),
    ]);
  const db = sandboxTableClient(sandbox.dynamoDbEndpoint);

  const batchWrite = (items: Record<string, unknown>[]) => writeInBatches(db, items);

  /** Spread over the last days, a minute apart, oldest first. */
  const minutesAgo = (count: number, index: number) => Date.now() - (count - index) * MINUTE_MS;
  const itemOf = (write: { params: <T>() => T }) =>
    write.params<{ Item: Record<string, unknown> }>().Item;

  return {
    /**
     * The member as a founder (set, not left to the founder seats). Sent through this sandbox's
     * client: the entities' own is the process's first, maybe an earlier section's sandbox.
     */
    member: async (member: Member): Promise<Member> => {
      const write = userEntity().patch({ userId: member.userId }).set({ role: 'founder' });
      await db.send(new UpdateCommand(write.params()));
      return member;
    },
    threads: async (category: { _id: string; slug: string }, userId: string, count: number) => {
      const items = Array.from({ length: count }, (_, index) => {
        const at = minutesAgo(count, index);
        const threadId = ids.newTimeOrderedId(at);
        const iso = new Date(at).toISOString();
        return itemOf(
          forumThreadEntity().put({
            threadId,
            categoryId: category._id,
            categorySlug: category.slug,
            title: `Seeded thread ${index}`,
            content: 'Seeded',
            userId,
            authorFirstName: 'Bench',
            authorLastName: 'Mark',
            createdAt: iso,
            lastActivityAt: iso,
            listPlace: listPlaceOf(false, iso, threadId),
          }),
        );
      });
      await batchWrite(items);
    },
    replies: async (threadId: string, userId: string, count: number) => {
      const items = Array.from({ length: count }, (_, index) => {
        const at = minutesAgo(count, index);
        return itemOf(
          forumPostEntity().put({
            threadId,
            postId: ids.newTimeOrderedId(at),
            content: `Seeded reply ${index}`,
            userId,
            authorFirstName: 'Bench',
            authorLastName: 'Mark',
            createdAt: new Date(at).toISOString(),
          }),
        );
      });
      await batchWrite(items);
    },
  };
};

/** Times SAMPLES pages, one at a time, following the cursor and starting over at the end. */
const timePages = async (
  sandbox: BenchSandbox,
  reader: Member,
  path: string,
  limit: number,
): Promise<number[]> => {
  const times: number[] = [];
  let cursor: string | null = null;
  // The first call is not timed: it pays the forum function's cold start, which the cold section
  // measures, and not the page.
  for (let sample = -1; sample < SAMPLES; sample++) {
    const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
    const started = performance.now();
    const page: { nextCursor: string | null } = await api<{ nextCursor: string | null }>(
      sandbox,
      'GET',
      `${path}?${query}`,
      { token: reader.token },
    );
    if (sample >= 0) times.push(performance.now() - started);
    cursor = page.nextCursor;
  }
  return times;
};
