import { createHash } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { withEnvironment } from '#functions/core/environment';
import { forEachConcurrently } from '#functions/core/concurrency';
import { companyPartitionSize as partitionSize } from '#functions/core/db/company-partition';
import { lazy } from '#functions/core/lazy';
import { DEFAULT_TIME_ZONE } from '#shared/domain/limits';
import type { Role } from '#shared/domain/users';

/**
 * Direct access to the sandbox's DynamoDB Local: to move time forward for a record (a code that
 * would take ten real minutes to expire), to seed records no endpoint creates yet, and to see
 * what a background job left behind. Everything else in the API tests goes through HTTP.
 */
const client = lazy(() =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: inject('dynamoDbEndpoint'),
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  ),
);

/** Makes the user's outstanding verification code expired (keys as ElectroDB writes them). */
export const expireVerificationCode = async (userId: string): Promise<void> => {
  await client().send(
    new UpdateCommand({
      TableName: inject('tableName'),
      Key: { pk: `$sailpost#userid_${userId}`, sk: '$phoneverification_1' },
      UpdateExpression: 'SET #expiresAt = :past',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#expiresAt': 'expiresAt' },
      ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
    }),
  );
};

/**
 * The real ElectroDB entities, pointed at the sandbox's table — to seed records that no endpoint
 * creates yet (campaigns and platform credentials arrive with later issues). They are made inside
 * the sandbox's environment (an entity reads its table name when made) and use this file's client
 * (the functions' own client is made inside a request's environment, which tests have none of).
 */
export const useSandboxTable = async () => {
  const [
    { campaignEntity },
    { campaignRefEntity },
    { campaignCountsEntity },
    { campaignCleanupEntity },
    { mediaAssetEntity },
    { platformCredentialEntity },
    { companyEntity },
    { contentEntity },
    { contentGenerationEntity },
    { publishWatchEntity },
    { smsDigestEntity },
    { userEntity },
    { forumThreadEntity },
    { forumPostEntity },
    { resultDueEntity },
    { rateBucketEntity },
  ] = await Promise.all([
    import('#functions/core/db/entities/campaign'),
    import('#functions/core/db/entities/campaign-ref'),
    import('#functions/core/db/entities/campaign-counts'),
    import('#functions/core/db/entities/campaign-cleanup'),
    import('#functions/core/db/entities/media-asset'),
    import('#functions/core/db/entities/platform-credential'),
    import('#functions/core/db/entities/company'),
    import('#functions/core/db/entities/content'),
    import('#functions/core/db/entities/content-generation'),
    import('#functions/core/db/entities/publish-watch'),
    import('#functions/core/db/entities/sms-digest'),
    import('#functions/core/db/entities/user'),
    import('#functions/core/db/entities/forum-thread'),
    import('#functions/core/db/entities/forum-post'),
    import('#functions/core/db/entities/result-due'),
    import('#functions/core/db/entities/rate-bucket'),
  ]);
  const entities = withEnvironment({ TABLE_NAME: inject('tableName') }, () => ({
    campaigns: campaignEntity(),
    campaignRefs: campaignRefEntity(),
    campaignCounts: campaignCountsEntity(),
    campaignCleanups: campaignCleanupEntity(),
    mediaAssets: mediaAssetEntity(),
    credentials: platformCredentialEntity(),
    companies: companyEntity(),
    content: contentEntity(),
    contentGenerations: contentGenerationEntity(),
    publishWatches: publishWatchEntity(),
    smsDigests: smsDigestEntity(),
    users: userEntity(),
    forumThreads: forumThreadEntity(),
    forumPosts: forumPostEntity(),
    resultDues: resultDueEntity(),
    rateBuckets: rateBucketEntity(),
  }));
  for (const entity of Object.values(entities)) entity.setClient(client());
  return entities;
};

export interface SeededCampaign {
  campaignId?: string;
  name?: string;
  status?: 'draft' | 'active' | 'paused' | 'completed';
  startDate?: string;
  endDate?: string;
}

/**
 * A campaign as the campaigns API writes it — the campaign, its pointer and its status count —
 * for a company no endpoint can write to (one whose owner is not a test account, a deleted one).
 * Returns its id.
 */
export const seedCampaign = async (
  companyId: string,
  campaign: SeededCampaign = {},
): Promise<string> => {
  const { campaigns, campaignRefs, campaignCounts } = await useSandboxTable();
  const { newTimeOrderedId } = await import('#functions/core/ids');
  const campaignId = campaign.campaignId ?? newTimeOrderedId();
  const status = campaign.status ?? 'draft';
  await campaigns
    .create({
      companyId,
      campaignId,
      name: campaign.name ?? 'Spring menu',
      status,
      startDate: campaign.startDate ?? '2026-03-01T05:00:00.000Z',
      endDate: campaign.endDate ?? '2026-03-31T04:00:00.000Z',
    })
    .go();
  await campaignRefs.create({ campaignId, companyId }).go();
  await campaignCounts
    .update({ companyId })
    .add({ [status]: 1 })
    .go();
  return campaignId;
};

/** A media asset of a campaign, as the media API writes it (its file is not uploaded). */
export const seedMediaAsset = async (companyId: string, campaignId: string): Promise<string> => {
  const { mediaAssets, campaigns } = await useSandboxTable();
  const { newTimeOrderedId } = await import('#functions/core/ids');
  const mediaId = newTimeOrderedId();
  await mediaAssets
    .create({
      companyId,
      campaignId,
      mediaId,
      key: `companies/${companyId}/campaigns/${campaignId}/${mediaId}.jpg`,
      type: 'image',
      contentType: 'image/jpeg',
      size: 1024,
      fileName: 'harbor.jpg',
      description: 'The roastery at dawn',
    })
    .go();
  await campaigns.patch({ companyId, campaignId }).add({ mediaCount: 1 }).go();
  return mediaId;
};

/**
 * Seeds `count` campaigns of a company with batch writes (25 a request, several requests at once),
 * items exactly as the campaign entity writes them. Returns their ids.
 */
export const seedCampaigns = async (companyId: string, count: number): Promise<string[]> => {
  const { campaigns } = await useSandboxTable();
  const ids = Array.from(
    { length: count },
    (_, index) => `seeded-${String(index).padStart(5, '0')}`,
  );
  const items = ids.map(
    (campaignId) =>
      campaigns
        .put({
          companyId,
          campaignId,
          name: `Campaign ${campaignId}`,
          startDate: '2026-03-01',
          endDate: '2026-03-31',
        })
        .params<{ Item: Record<string, unknown> }>().Item,
  );
  const batches = Array.from({ length: Math.ceil(items.length / 25) }, (_, index) =>
    items.slice(index * 25, (index + 1) * 25),
  );
  const db = client();
  await forEachConcurrently(batches, 8, async (batch) => {
    let requests = batch.map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; requests.length; attempt++) {
      if (attempt === 10) throw new Error('DynamoDB Local kept the seed items unprocessed');
      const { UnprocessedItems } = await db.send(
        new BatchWriteCommand({ RequestItems: { [inject('tableName')]: requests } }),
      );
      requests = (UnprocessedItems?.[inject('tableName')] ?? []) as typeof requests;
    }
  });
  return ids;
};

/** How many items the company's partition (its item collection, the company included) holds. */
export const companyPartitionSize = (companyId: string): Promise<number> =>
  partitionSize(client(), inject('tableName'), companyId);

/**
 * Ends the running window of a rate limit for one subject, as if its time had passed (a resend
 * that would otherwise wait 30 real seconds). The rule and subject are the rate limiter's own.
 */
export const endRateWindow = async (rule: string, subject: string): Promise<void> => {
  const { rateLimitEntity } = await import('#functions/core/db/entities/rate-limit');
  const entity = withEnvironment({ TABLE_NAME: inject('tableName') }, () => rateLimitEntity());
  entity.setClient(client());
  await entity
    .patch({ rule, subject })
    .set({ resetAt: Math.floor(Date.now() / 1000) - 1 })
    .go();
};

const rateLimits = async () => {
  const { rateLimitEntity } = await import('#functions/core/db/entities/rate-limit');
  const entity = withEnvironment({ TABLE_NAME: inject('tableName') }, () => rateLimitEntity());
  entity.setClient(client());
  return entity;
};

/**
 * Sets the count of a rate limit's running window (one that ends in `windowSeconds`), as if that
 * many uses had been made: to reach a ceiling that real requests would take thousands to reach.
 */
export const setRateCount = async (
  rule: string,
  subject: string,
  count: number,
  windowSeconds = 24 * 60 * 60,
): Promise<void> => {
  const resetAt = Math.floor(Date.now() / 1000) + windowSeconds;
  await (await rateLimits()).put({ rule, subject, count, resetAt, expiresAt: resetAt + 60 }).go();
};

/** Forgets a rate limit's count for one subject (its window starts afresh with the next use). */
export const clearRateCount = async (rule: string, subject: string): Promise<void> => {
  await (await rateLimits()).delete({ rule, subject }).go();
};

/** The product's refilling rate of verification texts (its rule and subject in the table). */
const TEXT_RATE = { rule: 'sms-verification-rate', subject: 'all' } as const;

const textRate = async () => {
  const { rateBucketEntity } = await import('#functions/core/db/entities/rate-bucket');
  const entity = withEnvironment({ TABLE_NAME: inject('tableName') }, () => rateBucketEntity());
  entity.setClient(client());
  return entity;
};

/**
 * Moves the product's verification-text rate `seconds` on, as if that long had passed: what it
 * gives back in that time is back (a minute refills it completely), and nothing else changes.
 */
export const advanceTextRate = async (seconds: number): Promise<void> => {
  const bucket = await textRate();
  const { data } = await bucket.get(TEXT_RATE).go({ consistent: true });
  if (!data) return;
  await bucket
    .patch(TEXT_RATE)
    .set({ fullAt: data.fullAt - seconds * 1000 })
    .go();
};

/** Empties the product's verification-text rate: the next text waits for a refill. */
export const emptyTextRate = async (): Promise<void> => {
  // Full again after a whole burst of refills: the burst is a minute's worth.
  const fullAt = Date.now() + 60_000;
  await (
    await textRate()
  )
    .put({ ...TEXT_RATE, fullAt, expiresAt: Math.ceil(fullAt / 1000) + 60 })
    .go();
};

/** Makes an OAuth connection's state ten minutes old, as if the owner had dawdled on the consent page. */
export const expireOAuthState = async (state: string): Promise<void> => {
  const { oauthStateEntity } = await import('#functions/core/db/entities/oauth-state');
  const entity = withEnvironment({ TABLE_NAME: inject('tableName') }, () => oauthStateEntity());
  const stateHash = createHash('sha256').update(state).digest('hex');
  // `expiresAt` is read-only to the entity: the raw update, on the key the entity computes.
  await client().send(
    new UpdateCommand({
      TableName: inject('tableName'),
      Key: entity.get({ stateHash }).params<{ Key: Record<string, string> }>().Key,
      UpdateExpression: 'SET #expiresAt = :past',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#expiresAt': 'expiresAt' },
      ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
    }),
  );
};

/** Makes a credential's access token expired (X's last two hours), so the next use refreshes it. */
export const expireAccessToken = async (companyId: string, credentialId: string): Promise<void> => {
  const { credentials } = await useSandboxTable();
  await credentials
    .patch({ companyId, credentialId })
    .set({ expiresAt: new Date(Date.now() - 60_000).toISOString() })
    .go();
};

/** A company's plan as billing would leave it (Stripe's part arrives with another engineer's work). */
export interface PlanChange {
  tier?: 'intro' | 'silver' | 'gold' | 'platinum';
  /** A Stripe subscription's status (with an id), or null for none at all. */
  subscription?: 'active' | 'past_due' | 'trialing' | 'canceled' | 'unpaid' | null;
  /** The trial's end (ISO), or null for none. */
  trialEndDate?: string | null;
}

/** Writes a company's plan fields directly, as the billing webhook would. */
export const setPlan = async (companyId: string, plan: PlanChange): Promise<void> => {
  const { companies } = await useSandboxTable();
  const set: Record<string, string> = {};
  const remove: ('stripeSubscriptionId' | 'subscriptionStatus' | 'trialEndDate')[] = [];
  if (plan.tier) set.subscriptionTier = plan.tier;
  if (plan.subscription === null) remove.push('stripeSubscriptionId', 'subscriptionStatus');
  else if (plan.subscription) {
    set.stripeSubscriptionId = `sub_test_${companyId.slice(0, 8)}`;
    set.subscriptionStatus = plan.subscription;
  }
  if (plan.trialEndDate === null) remove.push('trialEndDate');
  else if (plan.trialEndDate) set.trialEndDate = plan.trialEndDate;
  let patch = companies.patch({ companyId }).set(set as never);
  if (remove.length) patch = patch.remove(remove);
  await patch.go();
};

/** A gold (or other paid) tier whose subscription is being paid: every route of that tier opens. */
export const setPaidTier = (
  companyId: string,
  tier: 'silver' | 'gold' | 'platinum',
): Promise<void> => setPlan(companyId, { tier, subscription: 'active' });

/**
 * Gives an account another role, as if it had registered before or after the first 50 (whether a
 * test's account is one of them depends on which files ran before it in the same sandbox). The
 * role is read from the account on every request, so it applies at once.
 */
export const setRole = async (userId: string, role: Role): Promise<void> => {
  const { userEntity } = await import('#functions/core/db/entities/user');
  const entity = withEnvironment({ TABLE_NAME: inject('tableName') }, () => userEntity());
  entity.setClient(client());
  await entity.patch({ userId }).set({ role }).go();
};

/**
 * Writes a company's counting day of a daily allowance as the counter keeps it (to reach a limit
 * quickly): `used` uses, ending at `endsAt` (default: the next midnight in `timeZone`, as a use
 * now would open it), counted in `timeZone` (default: the zone of a company made without one).
 */
const putCountingDay = async (
  companyId: string,
  counter: string,
  used: number,
  { timeZone = DEFAULT_TIME_ZONE, endsAt }: { timeZone?: string; endsAt?: Date } = {},
): Promise<void> => {
  const [{ dailyCountEntity }, { localDayOf }] = await Promise.all([
    import('#functions/core/db/entities/daily-count'),
    import('#functions/domain/plans/local-day'),
  ]);
  const entity = withEnvironment({ TABLE_NAME: inject('tableName') }, () => dailyCountEntity());
  entity.setClient(client());
  const resetAt = Math.floor((endsAt ?? localDayOf(Date.now(), timeZone).endsAt).getTime() / 1000);
  await entity
    .put({ companyId, counter, used, resetAt, timeZone, expiresAt: resetAt + 2 * 86_400 })
    .go();
};

/** Records `used` AI generations on a company's counting day (see putCountingDay). */
export const recordGenerations = async (
  companyId: string,
  used: number,
  day: { timeZone?: string; endsAt?: Date } = {},
): Promise<void> => {
  const { GENERATIONS_COUNTER } = await import('#functions/domain/plans/generation-quota');
  await putCountingDay(companyId, GENERATIONS_COUNTER, used, day);
};

const jobRuns = async () => {
  const { jobRunEntity } = await import('#functions/core/db/entities/job-run');
  const entity = withEnvironment({ TABLE_NAME: inject('tableName') }, () => jobRunEntity());
  entity.setClient(client());
  return entity;
};

/** The claim a job's run holds on its idempotency key (`running`, `done`), or null without one. */
export const jobRunStatus = async (job: string, key: string): Promise<string | null> => {
  const { data } = await (await jobRuns()).get({ job, key }).go({ consistent: true });
  return data?.status ?? null;
};

/**
 * Forgets that a job ran for a key, so that running it again by name really runs it (instead of
 * answering `duplicate`): what a redelivery after the claim's retention, or a second start by
 * someone else, would do.
 */
export const forgetJobRun = async (job: string, key: string): Promise<void> => {
  await (await jobRuns()).delete({ job, key }).go();
};

/* ----- The AI campaign generator ----- */

const aiEntities = async () => {
  const [
    { campaignGenerationEntity },
    { generationRefEntity },
    { dailyCountEntity },
    { campaignSuggestionsEntity },
  ] = await Promise.all([
    import('#functions/core/db/entities/campaign-generation'),
    import('#functions/core/db/entities/generation-ref'),
    import('#functions/core/db/entities/daily-count'),
    import('#functions/core/db/entities/campaign-suggestions'),
  ]);
  const entities = withEnvironment({ TABLE_NAME: inject('tableName') }, () => ({
    generations: campaignGenerationEntity(),
    refs: generationRefEntity(),
    dailyCounts: dailyCountEntity(),
    suggestions: campaignSuggestionsEntity(),
  }));
  for (const entity of Object.values(entities)) entity.setClient(client());
  return entities;
};

/** A company's use of a daily allowance (`ai-campaign-runs`, `ai-media-analyses`) on its running day. */
export const dailyUse = async (companyId: string, counter: string): Promise<number> => {
  const { dailyCounts } = await aiEntities();
  const { data } = await dailyCounts.get({ companyId, counter }).go({ consistent: true });
  return data && data.resetAt > Date.now() / 1000 ? data.used : 0;
};

/** Records `used` uses of a daily allowance on the company's running day (to reach a limit quickly). */
export const setDailyUse = (
  companyId: string,
  counter: string,
  used: number,
  timeZone?: string,
): Promise<void> => putCountingDay(companyId, counter, used, { timeZone });

/** A generation as stored (null when there is none), found through its pointer. */
export const generationRecord = async (generationId: string) => {
  const { generations, refs } = await aiEntities();
  const { data: ref } = await refs.get({ generationId }).go({ consistent: true });
  if (!ref) return null;
  const { data } = await generations
    .get({ companyId: ref.companyId, historyId: ref.historyId, version: ref.version })
    .go({ consistent: true });
  return data;
};

/** Whether the generation's pointer is still there. */
export const generationRefExists = async (generationId: string): Promise<boolean> => {
  const { refs } = await aiEntities();
  return (await refs.get({ generationId }).go({ consistent: true })).data !== null;
};

/**
 * Makes a generation look as if its worker had died: running, begun `agoMs` ago (the worker of a
 * generation the test started has finished by then; the record is rewritten under it).
 */
export const loseGeneration = async (generationId: string, agoMs: number): Promise<void> => {
  const { generations, refs } = await aiEntities();
  const { data: ref } = await refs.get({ generationId }).go({ consistent: true });
  if (!ref) throw new Error(`no generation ${generationId}`);
  await generations
    .patch({ companyId: ref.companyId, historyId: ref.historyId, version: ref.version })
    .set({
      status: 'running',
      stage: 'drafting',
      startedAt: new Date(Date.now() - agoMs).toISOString(),
    })
    .remove(['finishedAt'])
    .go();
};

/** Makes a generation and its pointer expired (AI_HISTORY_DAYS old), as the TTL has not swept yet. */
export const expireGeneration = async (generationId: string): Promise<void> => {
  const { generations, refs } = await aiEntities();
  const { data: ref } = await refs.get({ generationId }).go({ consistent: true });
  if (!ref) throw new Error(`no generation ${generationId}`);
  const past = Math.floor(Date.now() / 1000) - 1;
  const keys = [
    refs.get({ generationId }).params<{ Key: Record<string, string> }>().Key,
    generations
      .get({ companyId: ref.companyId, historyId: ref.historyId, version: ref.version })
      .params<{ Key: Record<string, string> }>().Key,
  ];
  // `expiresAt` is read-only to the entities: raw updates, on the keys they compute.
  for (const Key of keys) {
    await client().send(
      new UpdateCommand({
        TableName: inject('tableName'),
        Key,
        UpdateExpression: 'SET #expiresAt = :past',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#expiresAt': 'expiresAt' },
        ExpressionAttributeValues: { ':past': past },
      }),
    );
  }
};

/**
 * Seeds a finished history of `versions` versions for a company (items as the worker leaves
 * them, with their pointers). Answers the history id and the generation ids, oldest first.
 */
export const seedHistory = async (
  companyId: string,
  versions: number,
): Promise<{ historyId: string; generationIds: string[] }> => {
  const { generations, refs } = await aiEntities();
  const { newTimeOrderedId } = await import('#functions/core/ids');
  const historyId = newTimeOrderedId();
  const expiresAt = Math.floor(Date.now() / 1000) + 30 * 86_400;
  const generationIds: string[] = [];
  for (let version = 1; version <= versions; version++) {
    const generationId = newTimeOrderedId();
    generationIds.push(generationId);
    const now = new Date().toISOString();
    await generations
      .create({
        companyId,
        historyId,
        version,
        generationId,
        kind: version === 1 ? 'generate' : 'refine',
        status: 'succeeded',
        stage: 'done',
        progress: 100,
        input: {
          prompt: 'A spring menu launch',
          ...(version === 1 ? {} : { feedback: `Round ${version}` }),
          campaignIntention: 'product-launch',
          websiteUrls: [],
          mediaAssets: [],
        },
        data: {
          campaign: {
            name: `Spring menu v${version}`,
            description: '',
            campaignIntention: 'product-launch',
            platforms: [],
            contentSeeds: { brandVoice: '', keyMessages: [], contentInstructions: '' },
            mediaAssets: [],
          },
          analysis: {
            promptUnderstanding: 'A spring menu launch',
            websiteInsights: [],
            recommendedNextSteps: [],
            feedbackAnalysis: null,
          },
        },
        source: 'offline',
        fairUseDay: now.slice(0, 10),
        createdAt: now,
        finishedAt: now,
        expiresAt,
      })
      .go();
    await refs.create({ generationId, companyId, historyId, version, expiresAt }).go();
  }
  return { historyId, generationIds };
};

/** The campaign ideas kept for a company's local day, or null. */
export const keptSuggestions = async (companyId: string, day: string) => {
  const { suggestions } = await aiEntities();
  return (await suggestions.get({ companyId, day }).go({ consistent: true })).data;
};

/** Replaces the campaign ideas kept for a company's local day (to see whether they are read). */
export const replaceKeptSuggestions = async (
  companyId: string,
  day: string,
  ideas: string[],
): Promise<void> => {
  const { suggestions } = await aiEntities();
  await suggestions.patch({ companyId, day }).set({ suggestions: ideas }).go();
};

/** Which account holds a phone number's claim (made when that account verified it), if any. */
export const phoneClaimHolder = async (phoneNumber: string): Promise<string | undefined> => {
  const { uniqueClaimEntity } = await import('#functions/core/db/entities/unique-claim');
  const entity = withEnvironment({ TABLE_NAME: inject('tableName') }, () => uniqueClaimEntity());
  entity.setClient(client());
  const { data } = await entity.get({ kind: 'phone', value: phoneNumber }).go({ consistent: true });
  return data?.userId;
};

/* ----- Texts' review links ----- */

const reviewLinks = async () => {
  const { reviewLinkEntity } = await import('#functions/core/db/entities/review-link');
  const entity = withEnvironment({ TABLE_NAME: inject('tableName') }, () => reviewLinkEntity());
  entity.setClient(client());
  return entity;
};

/** Makes a review link as old as its digest's end (DynamoDB's TTL has not removed it yet). */
export const expireReviewLink = async (code: string): Promise<void> => {
  const links = await reviewLinks();
  const { data: link } = await links.get({ code }).go({ consistent: true });
  if (!link) throw new Error(`no review link ${code}`);
  await links.delete({ code }).go();
  await links.create({ ...link, expiresAt: Math.floor(Date.now() / 1000) - 1 }).go();
};

/**
 * A review link of the user's post, as a draft text writes it (for accounts without a verified
 * phone, which are texted nothing). Answers its code.
 */
export const seedReviewLink = async (
  userId: string,
  post: { companyId: string; campaignId: string; contentId: string },
): Promise<string> => {
  const { reviewLinkOf } = await import('#functions/content/review-links');
  const link = reviewLinkOf(userId, [post], {
    createdAt: new Date().toISOString(),
    expiresAt: Math.floor(Date.now() / 1000) + 24 * 60 * 60,
  });
  await (await reviewLinks()).create(link).go();
  return link.code;
};

/**
 * Moves a forum thread's or reply's writing time back (as time passing would), to reach the end of
 * its edit window without waiting for it: `createdAt` is written once by the API.
 */
export const backdateForumItem = async (
  item: { threadId: string; postId?: string },
  createdAt: string,
): Promise<void> => {
  const { forumPosts, forumThreads } = await useSandboxTable();
  const { Key } = (
    item.postId
      ? forumPosts.get({ threadId: item.threadId, postId: item.postId }).params()
      : forumThreads.get({ threadId: item.threadId }).params()
  ) as { Key: Record<string, string> };
  await client().send(
    new UpdateCommand({
      TableName: inject('tableName'),
      Key,
      UpdateExpression: 'SET #createdAt = :createdAt',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#createdAt': 'createdAt' },
      ExpressionAttributeValues: { ':createdAt': createdAt },
    }),
  );
};

/**
 * Removes an account's user item, as deleting an account would (no route deletes one yet): what
 * it owned elsewhere, such as its support tickets, stays.
 */
export const deleteUserRecord = async (userId: string): Promise<void> => {
  const { userEntity } = await import('#functions/core/db/entities/user');
  const entity = withEnvironment({ TABLE_NAME: inject('tableName') }, () => userEntity());
  entity.setClient(client());
  await entity.delete({ userId }).go();
};
