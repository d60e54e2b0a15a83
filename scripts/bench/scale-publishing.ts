import { ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME } from '#infra/sandbox/function-environment';
import { percentile } from './stats';
import { judgedRow, type Row } from './table';

/**
 * The second half of the load simulation (scale.ts): the publishing of the mornings' posts. Every
 * owner replies `YES` to the morning text (through the sandbox phone, which runs the
 * `sms-inbound` job as End User Messaging would), which approves both posts; the campaigns' one
 * posting time was set a few minutes ahead beforehand, so every approved post takes that one slot
 * — the worst case of a popular posting time. The sandbox's scheduler then fires every post's
 * publisher at the slot, and the publisher meets the app-wide publishing limits (throughput
 * buckets): posts over a limit reserve their turn and are scheduled for it.
 *
 * It waits until the posts due so far are out, then reads every post and every stand-in post and
 * reports, per platform: posts published and their rate, their lateness after the slot
 * (p50/p95/max), the posts still waiting for their reserved turn (and how late the last turn is),
 * the failed, the duplicates (a stand-in account holding one text twice: must be 0) and the lost
 * (an approved post neither published nor waiting with a pending schedule: must be 0).
 */

export interface PublishingOwner {
  readonly phoneNumber: string;
  readonly companyId: string;
}

interface PostState {
  contentId: string;
  companyId: string;
  platform: string;
  status: string;
  scheduledFor?: string;
  publishedAt?: string;
  publishAttempt?: number;
}

interface Sandbox {
  url: string;
  dynamoDbEndpoint: string;
}

interface ScheduleView {
  name: string;
  job: string;
  at: string;
  state: 'pending' | 'fired' | 'failed';
  runs?: { at: string; outcome: string; error?: unknown }[];
}

interface StandInPost {
  platform: string;
  accountId: string;
  text: string;
}

/** Replies sent at once (the sandbox runs each reply's job as it arrives). */
const REPLY_WORKERS = 16;
const POLL_MS = 10_000;
/**
 * How long publishing is watched after the slot: posts beyond the app's limits by then are waiting
 * for reserved turns that may be hours away, and are counted as waiting (with their last turn).
 */
const WATCH_AFTER_SLOT_MS = 10 * 60_000;
/** How long the count waits for publishes under way (posts still `publishing`) to finish. */
const SETTLE_MS = 90_000;
/** A run this long before the posts were read may still have been under way while they were. */
const RUN_UNDER_WAY_MS = 30_000;

export const getJson = async <T>(url: string, init?: RequestInit): Promise<T> => {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

/** Every post of the given companies, read straight from the table (a bench, not a request). */
const scanPosts = async (
  db: DynamoDBDocumentClient,
  companies: ReadonlySet<string>,
): Promise<PostState[]> => {
  const names = [
    'contentId',
    'companyId',
    'platform',
    'status',
    'scheduledFor',
    'publishedAt',
    'publishAttempt',
  ];
  const posts: PostState[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: TABLE_NAME,
        FilterExpression: '#entity = :content',
        ProjectionExpression: names.map((_, index) => `#a${index}`).join(', '),
        ExpressionAttributeNames: {
          '#entity': '__edb_e__',
          ...Object.fromEntries(names.map((name, index) => [`#a${index}`, name])),
        },
        ExpressionAttributeValues: { ':content': 'content' },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const post = item as PostState;
      if (companies.has(post.companyId)) posts.push(post);
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return posts;
};

/** `HH:MM` of the instant in UTC (the simulation's companies and campaigns live in UTC). */
export const utcTimeOfDay = (at: Date): string => at.toISOString().slice(11, 16);

/**
 * The slot every post will take: the next whole minute after the replies are expected to be done
 * (about 40 ms of reply per company on this machine, with room to spare).
 */
export const publishingSlot = (companies: number, now = Date.now()): Date => {
  const lead = 120_000 + companies * 60;
  return new Date(Math.ceil((now + lead) / 60_000) * 60_000);
};

export const measurePublishing = async (
  sandbox: Sandbox,
  db: DynamoDBDocumentClient,
  owners: readonly PublishingOwner[],
  slot: Date,
  section: string,
): Promise<{ rows: Row[]; figures: Record<string, unknown> }> => {
  const companies = new Set(owners.map((owner) => owner.companyId));

  // Every owner says YES, as many at once as a busy hour of replies would.
  const repliesStarted = Date.now();
  let next = 0;
  let unanswered = 0;
  await Promise.all(
    Array.from({ length: REPLY_WORKERS }, async () => {
      while (next < owners.length) {
        const owner = owners[next++]!;
        const response = await fetch(`${sandbox.url}/_sandbox/api/sms/inbound`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ from: owner.phoneNumber, body: 'YES' }),
        });
        if (!response.ok) unanswered++;
      }
    }),
  );
  const repliesSeconds = (Date.now() - repliesStarted) / 1000;
  console.log(
    `Scale: ${owners.length} replies in ${repliesSeconds.toFixed(0)} s (${unanswered} refused); posts due at ${slot.toISOString()}`,
  );

  const approved = (await scanPosts(db, companies)).filter((post) => post.status === 'scheduled');
  const slotOf = new Map(approved.map((post) => [post.contentId, post.scheduledFor!]));
  const atTheSlot = approved.filter((post) => post.scheduledFor === slot.toISOString()).length;

  // Wait for the slot, then until every schedule due by now has fired and the stand-ins'
  // count stops growing (or the give-up).
  const giveUp = slot.getTime() + WATCH_AFTER_SLOT_MS;
  let published = -1;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    if (Date.now() < slot.getTime() + 30_000) continue;
    const [{ schedules }, { posts }] = await Promise.all([
      getJson<{ schedules: ScheduleView[] }>(`${sandbox.url}/_sandbox/api/schedules`),
      getJson<{ posts: StandInPost[] }>(`${sandbox.url}/_sandbox/api/posts`),
    ]);
    const due = schedules.filter(
      (schedule) =>
        schedule.job === 'publisher' &&
        schedule.state === 'pending' &&
        Date.parse(schedule.at) <= Date.now(),
    ).length;
    console.log(
      `Scale: ${Math.round((Date.now() - slot.getTime()) / 1000)} s after the slot: ${posts.length} posts at the stand-ins; ${due} publishes due and not yet fired`,
    );
    if ((due === 0 && posts.length === published) || Date.now() > giveUp) break;
    published = posts.length;
  }
  // What the publisher is still running finishes before the count: a post stays `publishing`
  // while its run waits for the provider (up to its 8-second time-out, longer under a burst).
  const settleBy = Date.now() + SETTLE_MS;
  let scannedFrom = Date.now();
  let posts = await scanPosts(db, companies);
  // Turns keep coming (LinkedIn's every second), so some post is always being published: the
  // count waits only for runs that began before the last turns.
  const longRunning = (post: PostState) =>
    post.status === 'publishing' &&
    Date.parse(post.scheduledFor ?? '') < Date.now() - RUN_UNDER_WAY_MS;
  while (posts.some(longRunning) && Date.now() < settleBy) {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    scannedFrom = Date.now();
    posts = await scanPosts(db, companies);
  }

  const [{ schedules }, { posts: standInPosts }] = await Promise.all([
    getJson<{ schedules: ScheduleView[] }>(`${sandbox.url}/_sandbox/api/schedules`),
    getJson<{ posts: StandInPost[] }>(`${sandbox.url}/_sandbox/api/posts`),
  ]);
  console.log(
    `Scale: posts read from ${new Date(scannedFrom).toISOString()}, schedules at ${new Date().toISOString()}`,
  );
  // Turns keep firing while the posts are read (LinkedIn's every second), and the schedules are
  // read after the posts: a post's schedule counts as its wait when it is still pending, or when
  // its run began just before or after the posts were read (the post was then still waiting, or
  // being claimed). A post whose schedule ran well before the read and left it scheduled at the
  // same attempt is lost.
  const pending = new Set(
    schedules
      .filter(
        (schedule) =>
          schedule.job === 'publisher' &&
          (schedule.state === 'pending' ||
            Date.parse(schedule.runs?.at(-1)?.at ?? '') >= scannedFrom - RUN_UNDER_WAY_MS),
      )
      .map((schedule) => schedule.name),
  );
  const scheduleOf = new Map(schedules.map((schedule) => [schedule.name, schedule]));
  const copies = new Map<string, number>();
  for (const post of standInPosts) {
    const key = `${post.accountId}\n${post.text}`;
    copies.set(key, (copies.get(key) ?? 0) + 1);
  }
  const duplicates = [...copies.values()].reduce((sum, count) => sum + count - 1, 0);

  const rows: Row[] = [
    {
      section,
      measure: 'YES replies answered (approving both posts)',
      value: `${owners.length - unanswered} in ${repliesSeconds.toFixed(0)} s`,
    },
    {
      section,
      measure: 'posts approved, at the one slot',
      value: `${approved.length}, ${atTheSlot} at ${utcTimeOfDay(slot)}`,
    },
  ];
  const figures: Record<string, unknown> = {
    repliesSeconds,
    unanswered,
    approved: approved.length,
    atTheSlot,
    duplicates,
    platforms: {},
  };
  let lost = 0;
  const lostPosts: unknown[] = [];
  for (const platform of [...new Set(approved.map((post) => post.platform))].sort()) {
    const mine = posts.filter((post) => slotOf.has(post.contentId) && post.platform === platform);
    const out = mine.filter((post) => post.status === 'published');
    const lateness = out.map(
      (post) => (Date.parse(post.publishedAt!) - Date.parse(slotOf.get(post.contentId)!)) / 1000,
    );
    // Waiting for its turn, or at it: being published by its turn's run when the posts were read.
    const waiting = mine.filter(
      (post) =>
        (post.status === 'scheduled' || post.status === 'publishing') &&
        pending.has(`publish-${post.contentId}-${post.publishAttempt ?? 1}`),
    );
    const failed = mine.filter((post) => post.status === 'failed').length;
    const accounted = new Set([...out, ...waiting].map((post) => post.contentId));
    const missing = mine.filter(
      (post) => post.status !== 'failed' && !accounted.has(post.contentId),
    );
    lost += missing.length;
    // What each lost post was doing, to find why: its status, attempt and its schedule's runs.
    for (const post of missing) {
      const name = `publish-${post.contentId}-${post.publishAttempt ?? 1}`;
      const schedule = scheduleOf.get(name);
      lostPosts.push({
        contentId: post.contentId,
        platform,
        status: post.status,
        attempt: post.publishAttempt ?? 1,
        scheduledFor: post.scheduledFor,
        schedule: schedule
          ? { state: schedule.state, at: schedule.at, runs: schedule.runs?.slice(-3) }
          : 'none',
      });
    }
    const lastTurnLate = waiting.length
      ? Math.max(
          ...waiting.map(
            (post) =>
              (Date.parse(post.scheduledFor!) - Date.parse(slotOf.get(post.contentId)!)) / 1000,
          ),
        )
      : 0;
    const spanMinutes = lateness.length ? Math.max(1 / 60, Math.max(...lateness) / 60) : 0;
    const perMinute = spanMinutes ? out.length / spanMinutes : 0;
    const seconds = (value: number) => `${value.toFixed(1)} s`;
    const name = `${platform}:`;
    rows.push(
      {
        section,
        measure: `${name} published (per minute after the slot)`,
        value: `${out.length} of ${mine.length} (${perMinute.toFixed(0)}/min)`,
      },
      {
        section,
        measure: `${name} lateness after the slot p50 / p95 / max`,
        value: lateness.length
          ? `${seconds(percentile(lateness, 50))} / ${seconds(percentile(lateness, 95))} / ${seconds(Math.max(...lateness))}`
          : '—',
      },
      {
        section,
        measure: `${name} waiting for their turn of the limit (last turn after the slot)`,
        value: `${waiting.length} (${(lastTurnLate / 60).toFixed(0)} min)`,
      },
      judgedRow(section, `${name} failed`, failed, { atMost: 0 }, String),
    );
    (figures.platforms as Record<string, unknown>)[platform] = {
      approved: mine.length,
      published: out.length,
      perMinute,
      lateness: lateness.length
        ? {
            p50: percentile(lateness, 50),
            p95: percentile(lateness, 95),
            max: Math.max(...lateness),
          }
        : null,
      waiting: waiting.length,
      lastTurnLateSeconds: lastTurnLate,
      failed,
    };
  }
  figures.lost = lost;
  figures.lostPosts = lostPosts;
  rows.push(
    judgedRow(section, 'posts published twice', duplicates, { atMost: 0 }, String),
    judgedRow(
      section,
      'posts lost (neither published, waiting nor failed)',
      lost,
      { atMost: 0 },
      String,
    ),
  );
  return { rows, figures };
};
