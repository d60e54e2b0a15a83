import type { Logger } from '@aws-lambda-powertools/logger';
import {
  PUBLISH_ERRORS,
  PUBLISH_MAX_ATTEMPTS,
  attemptAfterWait,
  attemptInRound,
  publishLimitTurnNote,
  publishRetryDelayMs,
} from '#shared/domain/content';
import { checkMediaFile, PLATFORM_MEDIA } from '#shared/domain/platform-media';
import { isConnectable, PLATFORMS, type ConnectablePlatform } from '#shared/domain/tiers';
import { schedulePublish, type PublishEvent } from '#functions/domain/publishing/publish-schedule';
import { companyTimeZone } from '#functions/domain/companies/company-time-zone';
import { campaignEntity } from '#functions/core/db/entities/campaign';
import { companyEntity, type CompanyRecord } from '#functions/core/db/entities/company';
import type { ContentRecord } from '#functions/core/db/entities/content';
import { mediaAssetEntity } from '#functions/core/db/entities/media-asset';
import { LimitReached } from '#functions/core/errors';
import { sleep } from '#functions/core/backoff';
import { reserveThroughput } from '#functions/core/limits/throughput';
import { PUBLISH_BUCKETS } from '#functions/core/limits/throughput-buckets';
import { ensureMayPublish, ensurePlatformInTier } from '#functions/domain/plans/entitlement';
import { readMediaObject } from '#functions/core/storage/media-bucket';
import {
  ProviderAuthRevoked,
  ProviderError,
  ProviderPermissionMissing,
  ProviderQuotaReached,
  ProviderRateLimited,
  ProviderUnavailable,
} from '#functions/integrations/social/provider-errors';
import { socialClient } from '#functions/integrations/social/provider';
import type { MediaFile, SocialClient } from '#functions/integrations/social/social-client';
import { textPublishFailure } from '#functions/content/failure-text';
import { findCredential } from '#functions/platforms/credentials';
import { fetchesMedia, publishProblemOf, withMediaLinks } from '#functions/platforms/media-links';
import { ensureJpegRendition, hasJpegRendition } from '#functions/media/jpeg-rendition';
import { UnusableImage } from '#functions/media/thumbnail-image';
import { providerFailure } from '#functions/platforms/provider-failures';
import { freshAccessToken } from '#functions/platforms/token-refresh';
import { watchForResults } from '#functions/domain/results/results-due';
import type { PlatformCredentialRecord } from '#functions/core/db/entities/platform-credential';
import {
  claimPost,
  isStaleClaim,
  readPost,
  recordFailed,
  recordPrepared,
  recordPublished,
  recordRetry,
  releaseClaim,
} from './post-transitions';
import { countFailed, countPublished } from './publish-metrics';

/**
 * What one run of the publisher did with its event, for the logs and the tests:
 * - `published`: posted once, recorded with the provider's id and URL;
 * - `retry-scheduled`: a 429 or 5xx that certainly did not post; the next attempt is scheduled;
 * - `failed`: recorded `failed` with the owner's words (`publishError`);
 * - `unknown-outcome`: found a claim older than the time-out and failed it as unknown;
 * - `held-elsewhere`: another run holds the post right now;
 * - `not-due`: the post is not this attempt's to publish (published, failed, moved to another
 *   attempt, back to approved, deleted).
 */
export type PublishOutcome =
  'published' | 'retry-scheduled' | 'failed' | 'unknown-outcome' | 'held-elsewhere' | 'not-due';

/** Texts for failures PUBLISH_ERRORS has no words for (the post itself is not publishable). */
export const POST_PROBLEMS = {
  companyGone: 'The company of this post no longer exists.',
  platformNotPublishable: 'Sailpost cannot publish to this platform.',
  imageGone:
    'An image of this post was removed from the campaign. Choose its images again, then retry.',
  imageUnusable:
    'An image of this post cannot be read to convert it to JPEG. Replace it in the campaign, then retry.',
} as const;

/** A reason to stop before the provider is called: the post fails with these words. */
class NotPublishable extends Error {}

/** Another run took the post over before it was published: this one stops, sending nothing. */
class ClaimLost extends Error {}

/** The app's publishing limit is used for now: the post's turn of it is reserved for `at`. */
class TurnReserved extends Error {
  constructor(readonly at: Date) {
    super(`The post's turn of the publishing limit is at ${at.toISOString()}`);
  }
}

export interface PublishDependencies {
  now?: () => Date;
  /** The platform's client (tests pass a fake; the job uses the configured one). */
  clientFor?: (platform: ConnectablePlatform) => Promise<SocialClient>;
}

/**
 * Publishes the post an event names, at most once: the post is claimed (`scheduled` →
 * `publishing`) before anything is asked of X or LinkedIn, so a duplicate delivery stops at the
 * claim; a post found `publishing` past the time-out has an unknown outcome and is failed, never
 * sent again.
 */
export const publishPost = async (
  event: PublishEvent,
  logger: Logger,
  dependencies: PublishDependencies = {},
): Promise<PublishOutcome> => {
  const now = dependencies.now ?? (() => new Date());
  const claim = await claimPost(event, now());
  if (!claim) return settleUnclaimed(event, logger, now());
  return publishClaimed(claim, event, logger, {
    now,
    clientFor: dependencies.clientFor ?? socialClient,
  });
};

/** Why this run could not claim the post, and what, if anything, is left to do about it. */
const settleUnclaimed = async (
  event: PublishEvent,
  logger: Logger,
  now: Date,
): Promise<PublishOutcome> => {
  const post = await readPost(event);
  if (post && isStaleClaim(post, now)) {
    // The run that claimed it may have posted before it died: sending again could post twice.
    const failed = await failAndTell(post, PUBLISH_ERRORS.unknownOutcome, logger);
    logger.warn('A claim outlived the publisher: failed as unknown', {
      publishingSince: post.publishingSince,
      recorded: failed,
    });
    return failed ? 'unknown-outcome' : 'held-elsewhere';
  }
  if (post?.status === 'publishing') return 'held-elsewhere';
  logger.info('The post is not this attempt to publish', {
    status: post?.status ?? 'deleted',
    publishAttempt: post?.publishAttempt,
  });
  return 'not-due';
};

const loadCompany = async (companyId: string): Promise<CompanyRecord> => {
  const { data } = await companyEntity().get({ companyId }).go({ consistent: true });
  if (!data) throw new NotPublishable(POST_PROBLEMS.companyGone);
  return data as CompanyRecord;
};

const connectablePlatformOf = (post: ContentRecord): ConnectablePlatform => {
  if (!isConnectable(post.platform)) throw new NotPublishable(POST_PROBLEMS.platformNotPublishable);
  return post.platform;
};

/** The plan allows publishing (a lapsed trial or subscription does not), to this platform. */
const checkPlan = (company: CompanyRecord, platform: ConnectablePlatform): void => {
  try {
    ensureMayPublish(company);
  } catch (error) {
    if (error instanceof LimitReached) throw new NotPublishable(PUBLISH_ERRORS.planLapsed);
    throw error;
  }
  try {
    ensurePlatformInTier(company, platform);
  } catch (error) {
    // Its message says which plan would include it.
    if (error instanceof LimitReached) throw new NotPublishable(error.message);
    throw error;
  }
};

/** The connected account to post as: missing, disconnected or refused ones fail the post. */
const usableCredential = async (
  companyId: string,
  platform: ConnectablePlatform,
): Promise<PlatformCredentialRecord> => {
  const credential = await findCredential(companyId, platform);
  if (!credential?.connected) throw new NotPublishable(PUBLISH_ERRORS.notConnected);
  if (credential.needsReconnection) throw new NotPublishable(PUBLISH_ERRORS.needsReconnection);
  return credential;
};

/**
 * The files as the platform publishes them: where it takes one image type only (Instagram: JPEG),
 * a PNG or GIF goes as its JPEG rendition. The media-thumbnail job writes it when the image is
 * added; one it has not written yet (the job still queued, or an image older than renditions) is
 * made here, rather than failing a post whose image is fine.
 */
const publishedImages = async (
  platform: ConnectablePlatform,
  files: (MediaFile & { key: string })[],
): Promise<(MediaFile & { key: string })[]> => {
  const type = PLATFORM_MEDIA[platform].publishedImageType;
  if (!type || !fetchesMedia(platform)) return files;
  return Promise.all(
    files.map(async (file) => {
      if (file.contentType === type || !hasJpegRendition(file.contentType)) return file;
      try {
        const key = await ensureJpegRendition(file.key, file.bytes);
        return { ...file, key, contentType: type };
      } catch (error) {
        if (error instanceof UnusableImage) throw new NotPublishable(POST_PROBLEMS.imageUnusable);
        throw error;
      }
    }),
  );
};

/**
 * The post's images, in order, read from the media bucket: each still an asset of the campaign,
 * of a type and size the platform takes (the same rule as Post now's uploads).
 */
const readImages = async (post: ContentRecord, platform: ConnectablePlatform) => {
  const files: (MediaFile & { key: string })[] = [];
  for (const mediaId of post.imageIds) {
    const { data: asset } = await mediaAssetEntity()
      .get({ companyId: post.companyId, campaignId: post.campaignId, mediaId })
      .go({ consistent: true });
    if (!asset) throw new NotPublishable(POST_PROBLEMS.imageGone);
    const verdict = checkMediaFile(platform, asset.contentType, asset.size);
    if (!('kind' in verdict)) throw new NotPublishable(verdict.message);
    files.push({
      bytes: await readMediaObject(asset.key, verdict.kind.maxBytes),
      contentType: asset.contentType,
      key: asset.key,
    });
  }
  // Refused at review already; a post approved before the rule, or edited since, stops here.
  const problem = publishProblemOf(platform, files);
  if (problem) throw new NotPublishable(problem);
  return withMediaLinks(platform, await publishedImages(platform, files));
};

/**
 * The campaign's zone (its schedule is written in it), or the company's, and the campaign's name
 * for the schedule's description.
 */
const scheduleContext = async (
  post: ContentRecord,
): Promise<{ timeZone: string; campaignName?: string }> => {
  const { data: campaign } = await campaignEntity()
    .get({ companyId: post.companyId, campaignId: post.campaignId })
    .go();
  if (campaign) return { timeZone: campaign.schedule.timeZone, campaignName: campaign.name };
  const { data: company } = await companyEntity().get({ companyId: post.companyId }).go();
  return { timeZone: companyTimeZone(company ?? {}) };
};

const publishClaimed = async (
  claim: ContentRecord,
  event: PublishEvent,
  logger: Logger,
  dependencies: Required<PublishDependencies>,
): Promise<PublishOutcome> => {
  let prepared;
  try {
    prepared = await prepare(claim, event, dependencies);
  } catch (error) {
    if (error instanceof NotPublishable) return fail(claim, error.message, logger);
    if (error instanceof TurnReserved) {
      const note = publishLimitTurnNote(PLATFORMS[claim.platform].shortName);
      return waitWithoutFailing(claim, event, { at: error.at, note, reservedTurn: true }, logger);
    }
    if (error instanceof ProviderError) {
      return afterProviderFailure(claim, event, error, null, logger, dependencies.now());
    }
    // Nothing was sent: give the post back, so the deliverer's retry of this event claims it.
    await releaseClaim(claim);
    throw error;
  }
  const { client, credential, media } = prepared;
  let fresh;
  try {
    fresh = await freshAccessToken(client, credential);
  } catch (error) {
    if (!(error instanceof ProviderError)) {
      await releaseClaim(claim);
      throw error;
    }
    return afterProviderFailure(claim, event, error, credential, logger, dependencies.now());
  }
  try {
    const published = await client.publish({
      accessToken: fresh.accessToken,
      accountId: fresh.credential.accountId,
      handle: fresh.credential.handle,
      text: claim.content,
      media,
      // What the provider holds ready (an Instagram container) is remembered on the post before
      // it is published: a run that loses the claim meanwhile stops here, never publishing it.
      onPrepared: async (preparedId) => {
        if (!(await recordPrepared(claim, preparedId))) throw new ClaimLost();
      },
    });
    const publishedAt = dependencies.now();
    const recorded = await recordPublished(claim, published, publishedAt);
    if (recorded) countPublished(claim, publishedAt, event.slot);
    logger.info('Published', { platform: client.platform, postId: published.postId, recorded });
    if (recorded) await watchResults(claim, published.postId, publishedAt, logger);
    return 'published';
  } catch (error) {
    if (error instanceof ProviderError) {
      return afterProviderFailure(
        claim,
        event,
        error,
        fresh.credential,
        logger,
        dependencies.now(),
      );
    }
    if (error instanceof ClaimLost) {
      logger.warn('The claim was lost before publishing; nothing was published');
      return 'held-elsewhere';
    }
    // Thrown while the post was with the provider: it may have gone out.
    logger.error('Publishing failed with an unexpected error', error as Error);
    return fail(claim, PUBLISH_ERRORS.unknownOutcome, logger);
  }
};

/** Everything checked and read before the provider is called. */
const prepare = async (
  claim: ContentRecord,
  event: PublishEvent,
  dependencies: Required<PublishDependencies>,
) => {
  const company = await loadCompany(claim.companyId);
  const platform = connectablePlatformOf(claim);
  checkPlan(company, platform);
  const credential = await usableCredential(company.companyId, platform);
  const media = await readImages(claim, platform);
  const client = await dependencies.clientFor(platform);
  await withinPublishLimit(platform, event);
  return { credential, media, client };
};

/** A turn of the app's limit this close is waited for in the run; a later one is scheduled. */
const PUBLISH_LIMIT_WAIT_MS = 2_000;

/**
 * Reserves the post's turn of the app's bucket of the platform's publishing limit, shared by every
 * instance: one write, whatever the bucket holds. A turn now (or within PUBLISH_LIMIT_WAIT_MS) is
 * taken at once; a later one ends the run (TurnReserved) and the post is scheduled for it. So a
 * thousand posts due at one instant go out one after another at the limit's rate, in the order
 * they came, each fired once — never failed for waiting, never all retrying whenever the bucket
 * refills, and no run holding a function instance while it waits. A run at its reserved turn
 * takes nothing more.
 */
const withinPublishLimit = async (
  platform: ConnectablePlatform,
  event: PublishEvent,
): Promise<void> => {
  if (event.turn) return;
  const turnAt = await reserveThroughput(PUBLISH_BUCKETS[platform]);
  const waitMs = turnAt - Date.now();
  if (waitMs > PUBLISH_LIMIT_WAIT_MS) throw new TurnReserved(new Date(turnAt));
  if (waitMs > 0) await sleep(waitMs);
};

/**
 * Fails the post (only while this claim still holds it) and, when that move was made here, texts
 * the owner once with RETRY / SKIP. A text that cannot go out never undoes the failure.
 */
export const failAndTell = async (
  claim: ContentRecord,
  publishError: string,
  logger: Logger,
): Promise<boolean> => {
  const recorded = await recordFailed(claim, publishError);
  if (recorded) {
    countFailed(claim);
    try {
      const text = await textPublishFailure(claim, publishError, logger);
      logger.info('The owner was told of the failure', { text });
    } catch (error) {
      logger.warn('The failure text could not be sent', { error: error as Error });
    }
  }
  return recorded;
};

const fail = async (
  claim: ContentRecord,
  publishError: string,
  logger: Logger,
): Promise<PublishOutcome> => {
  const recorded = await failAndTell(claim, publishError, logger);
  logger.info('Publishing failed', { publishError, recorded });
  return 'failed';
};

/**
 * A provider's failure, by what it means for the post:
 * - 429, or a 5xx (or silence) that certainly did not post: another attempt later, at most
 *   PUBLISH_MAX_ATTEMPTS in all, after the provider's rate-limit reset when it gave one;
 * - silence after the post was sent: an unknown outcome, never sent again;
 * - a refused grant: the credential is marked (providerFailure) and the owner must reconnect;
 * - any other refusal: failed, with the provider's reason.
 */
const afterProviderFailure = async (
  claim: ContentRecord,
  event: PublishEvent,
  error: ProviderError,
  credential: PlatformCredentialRecord | null,
  logger: Logger,
  now: Date,
): Promise<PublishOutcome> => {
  const failure = await providerFailure(error, credential, logger, now);
  // The account's own publishing limit is no failure of the post: it waits, however often.
  if (error instanceof ProviderQuotaReached && attemptAfterWait(event.attempt) !== null) {
    const wait = { at: error.resetAt ?? now, note: error.message, reservedTurn: false };
    return waitWithoutFailing(claim, event, wait, logger);
  }
  const retryable =
    error instanceof ProviderRateLimited ||
    (error instanceof ProviderUnavailable && error.certainlyNotPosted);
  if (retryable) {
    if (attemptInRound(event.attempt) < PUBLISH_MAX_ATTEMPTS)
      return retryLater(claim, event, error, logger, now);
    return fail(
      claim,
      error instanceof ProviderQuotaReached
        ? error.message
        : error instanceof ProviderRateLimited
          ? PUBLISH_ERRORS.rateLimited
          : PUBLISH_ERRORS.unavailable,
      logger,
    );
  }
  if (error instanceof ProviderUnavailable)
    return fail(claim, PUBLISH_ERRORS.unknownOutcome, logger);
  if (error instanceof ProviderAuthRevoked) {
    // A missing permission names the permission to allow when reconnecting.
    return fail(
      claim,
      error instanceof ProviderPermissionMissing ? error.message : PUBLISH_ERRORS.needsReconnection,
      logger,
    );
  }
  return fail(claim, failure.message, logger);
};

/** When the next attempt may go: the back-off, or the provider's reset when that is later. */
export const nextAttemptAt = (attempt: number, now: Date, resetAt?: Date): Date => {
  const backOff = now.getTime() + publishRetryDelayMs(attempt);
  return new Date(Math.max(backOff, resetAt?.getTime() ?? 0));
};

/**
 * The next event of the post: its attempt, and the slot it was first due at (lateness counts from
 * it). A reserved turn belongs to one attempt only.
 */
const nextEvent = (claim: ContentRecord, event: PublishEvent, attempt: number): PublishEvent => {
  const { turn: _usedOrNot, ...rest } = event;
  const slot = event.slot ?? claim.scheduledFor;
  return { ...rest, attempt, ...(slot ? { slot } : {}) };
};

const retryLater = async (
  claim: ContentRecord,
  event: PublishEvent,
  error: ProviderRateLimited | ProviderUnavailable,
  logger: Logger,
  now: Date,
): Promise<PublishOutcome> => {
  const next = nextEvent(claim, event, event.attempt + 1);
  const at = nextAttemptAt(
    event.attempt,
    now,
    error instanceof ProviderRateLimited ? error.resetAt : undefined,
  );
  const outcome = await reschedule(claim, next, at, undefined, logger);
  if (outcome === 'retry-scheduled') {
    logger.info('Publishing will be tried again', {
      attempt: next.attempt,
      at: at.toISOString(),
      status: error.status,
    });
  }
  return outcome;
};

/**
 * Slots the post later for a limit rather than a failure (its turn of the app's publishing limit,
 * the account's own limit at the provider): under a new attempt number that spends none of the
 * round's tries, with a note for its card saying why.
 */
const waitWithoutFailing = async (
  claim: ContentRecord,
  event: PublishEvent,
  wait: { at: Date; note: string; reservedTurn: boolean },
  logger: Logger,
): Promise<PublishOutcome> => {
  const { at, note, reservedTurn } = wait;
  const next = nextEvent(claim, event, attemptAfterWait(event.attempt) ?? event.attempt + 1);
  const outcome = await reschedule(
    claim,
    reservedTurn ? { ...next, turn: at.toISOString() } : next,
    at,
    note,
    logger,
  );
  if (outcome === 'retry-scheduled') {
    logger.info('The post waits for a publishing limit', {
      attempt: next.attempt,
      at: at.toISOString(),
      reservedTurn,
    });
  }
  return outcome;
};

const reschedule = async (
  claim: ContentRecord,
  next: PublishEvent,
  at: Date,
  note: string | undefined,
  logger: Logger,
): Promise<PublishOutcome> => {
  // The post first, then its schedule: should the schedule not be written, the post is
  // `scheduled` and overdue, which the sweeper fires; the other order could leave a schedule for a
  // post still `publishing`, which would then be failed as unknown though nothing was sent.
  if (!(await recordRetry(claim, next.attempt, at, note))) return 'held-elsewhere';
  try {
    const { timeZone, campaignName } = await scheduleContext(claim);
    await schedulePublish(next, at, timeZone, {
      platform: claim.platform,
      text: claim.content,
      ...(campaignName ? { campaignName } : {}),
    });
  } catch (scheduleError) {
    logger.error('Could not schedule the next attempt; the sweeper will fire it', {
      error: scheduleError,
      attempt: next.attempt,
    });
  }
  return 'retry-scheduled';
};

/**
 * Puts the post on the results due list. Its results are a nicety beside the post itself: a
 * failure here is logged and the post stays published, without results.
 */
const watchResults = async (
  post: ContentRecord,
  providerPostId: string,
  publishedAt: Date,
  logger: Logger,
): Promise<void> => {
  try {
    await watchForResults(post, { providerPostId, publishedAt: publishedAt.toISOString() });
  } catch (error) {
    logger.warn('The post will have no results: its due entry was not written', {
      contentId: post.contentId,
      error: error as Error,
    });
  }
};
