import { randomUUID } from 'node:crypto';
import { setPlan, useSandboxTable } from './db';
import { apiUrl, call, registerUser, runJob, type RegisteredUser } from './http';
import { connectAccount, type Owner } from './platforms-support';
import { newCampaign as newContentCampaign } from './content-support';

/**
 * What the publishing tests share: an owner on a trial with X connected, a campaign on X, posts
 * seeded `scheduled` for attempt 1 as slotting leaves them, the publisher run by name, and what the
 * stand-in of X received.
 */

export type Outcome = { outcome: string };

export const sandboxApi = (path: string, init?: RequestInit) =>
  fetch(`${apiUrl()}/_sandbox/api${path}`, init);

export interface StandInPost {
  text: string;
  url: string;
  postId: string;
  media?: unknown[];
}

/** Everything the stand-in of X has received. */
export const allPostsAtX = async (): Promise<StandInPost[]> =>
  ((await (await sandboxApi('/posts?platform=twitter')).json()) as { posts: StandInPost[] }).posts;

/** What the stand-in of X received with this text. */
export const postsAtX = async (text: string): Promise<StandInPost[]> =>
  (await allPostsAtX()).filter((post) => post.text === text);

export type PublishingOwner = Owner & { account: RegisteredUser };

/** An account whose company (not a founder's) is on a week's trial, with X connected. */
export const newOwner = async (): Promise<PublishingOwner> => {
  const account = await registerUser();
  const company = await call<{ _id: string }>('POST', '/companies', {
    token: account.token,
    body: { name: 'Harbor Coffee', timeZone: 'America/Chicago' },
  });
  const owner = { token: account.token, companyId: company.body._id };
  // A founder's company never lapses: these companies are on a trial, whoever registered first.
  const { companies } = await useSandboxTable();
  await companies.patch({ companyId: owner.companyId }).set({ founder: false }).go();
  await setPlan(owner.companyId, {
    trialEndDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
  await connectAccount(owner, 'twitter');
  return { ...owner, account };
};

/** An active campaign on X, from yesterday for a month, posting Mondays at 9:00 in New York. */
export const newCampaign = (owner: Owner): Promise<string> =>
  newContentCampaign(owner, {
    schedule: { timeZone: 'America/New_York', days: ['mon'], times: ['09:00'] },
    contentSeeds: { brandVoice: 'Warm', keyMessages: ['Fresh roast'], contentInstructions: '' },
  });

export interface Seeded {
  event: { companyId: string; campaignId: string; contentId: string; attempt: number };
  text: string;
}

/** A post as slotting leaves it: scheduled for attempt 1 (or as `fields` say). */
export const seedPost = async (
  owner: Owner,
  campaignId: string,
  fields: Record<string, unknown> = {},
): Promise<Seeded> => {
  const { content } = await useSandboxTable();
  const contentId = randomUUID();
  const text = `Fresh roast at dawn #${contentId.slice(0, 8)}`;
  await content
    .create({
      companyId: owner.companyId,
      campaignId,
      contentId,
      platform: 'twitter',
      status: 'scheduled',
      content: text,
      generation: { source: 'offline' },
      scheduledFor: new Date().toISOString(),
      publishAttempt: 1,
      ...fields,
    } as never)
    .go();
  return {
    event: { companyId: owner.companyId, campaignId, contentId, attempt: 1 },
    text,
  };
};

/** The post as stored now. */
export const postOf = async ({ event }: Seeded) => {
  const { content } = await useSandboxTable();
  const { data } = await content
    .get({ companyId: event.companyId, campaignId: event.campaignId, contentId: event.contentId })
    .go({ consistent: true });
  return data!;
};

/** Runs the publisher for a post (its attempt unless told): its outcome, or the run's status. */
export const publish = async (seeded: Seeded, attempt = seeded.event.attempt) => {
  const run = await runJob<Outcome>('publisher', { ...seeded.event, attempt });
  return run.status === 'done' ? run.result!.outcome : run.status;
};

/** A watch as slotting (or approving) leaves it, due `dueAt`. */
export const watch = async (seeded: Seeded, kind: 'slot' | 'publish', dueAt: string) => {
  const { publishWatches } = await useSandboxTable();
  const { companyId, campaignId, contentId } = seeded.event;
  await publishWatches.put({ companyId, campaignId, contentId, kind, dueAt }).go();
};

export const minutesAgo = (minutes: number) =>
  new Date(Date.now() - minutes * 60_000).toISOString();
