import type { EndpointGroup } from '#shared/contract/route';
import type { FunctionDeclaration } from './core/bindings';
import type { JobName } from './core/jobs/names';
import {
  perSecond,
  type ThroughputBucket,
  type ThroughputRate,
} from './core/limits/throughput-buckets';
import { declaration as ai } from './ai/bindings';
import { declaration as auth } from './auth/bindings';
import { declaration as billing } from './billing/bindings';
import { declaration as campaigns } from './campaigns/bindings';
import { declaration as companies } from './companies/bindings';
import { declaration as content } from './content/bindings';
import { declaration as forum } from './forum/bindings';
import { declaration as media } from './media/bindings';
import { declaration as meta } from './meta/bindings';
import { declaration as performance } from './performance/bindings';
import { declaration as platforms } from './platforms/bindings';
import { declaration as support } from './support/bindings';
import { declaration as users } from './users/bindings';
import { declaration as campaignCleanup } from './jobs/campaign-cleanup/bindings';
import { declaration as campaignGeneration } from './jobs/campaign-generation/bindings';
import { declaration as companyCleanup } from './jobs/company-cleanup/bindings';
import { declaration as companyMorning } from './jobs/company-morning/bindings';
import { declaration as dailyDrafts } from './jobs/daily-drafts/bindings';
import { declaration as contentGeneration } from './jobs/content-generation/bindings';
import { declaration as connectionHealth } from './jobs/connection-health/bindings';
import { declaration as forumReplyEmails } from './jobs/forum-reply-emails/bindings';
import { declaration as mediaThumbnail } from './jobs/media-thumbnail/bindings';
import { declaration as passwordResetEmail } from './jobs/password-reset-email/bindings';
import { declaration as publisher } from './jobs/publisher/bindings';
import { declaration as resultsCollection } from './jobs/results-collection/bindings';
import { declaration as smsInbound } from './jobs/sms-inbound/bindings';
import { declaration as sweeper } from './jobs/sweeper/bindings';
import { declaration as textLater } from './jobs/text-later/bindings';
import { declaration as ticketAutoClose } from './jobs/ticket-auto-close/bindings';

/**
 * Every function's declaration, for the two places that build functions from them: the CDK
 * function construct and the sandbox. Handlers are not imported here (their dependencies stay out
 * of CDK synth); `functions/<group>/handler.ts` and `functions/jobs/<name>/handler.ts` are the
 * entry points.
 */
export const ENDPOINT_GROUP_DECLARATIONS: Record<EndpointGroup, FunctionDeclaration> = {
  auth,
  users,
  companies,
  platforms,
  campaigns,
  media,
  ai,
  content,
  billing,
  meta,
  forum,
  support,
  performance,
};

export const JOB_DECLARATIONS: Record<JobName, FunctionDeclaration> = {
  'campaign-cleanup': campaignCleanup,
  'campaign-generation': campaignGeneration,
  'company-cleanup': companyCleanup,
  'company-morning': companyMorning,
  'content-generation': contentGeneration,
  'daily-drafts': dailyDrafts,
  'connection-health': connectionHealth,
  'forum-reply-emails': forumReplyEmails,
  'media-thumbnail': mediaThumbnail,
  'password-reset-email': passwordResetEmail,
  publisher,
  'results-collection': resultsCollection,
  'sms-inbound': smsInbound,
  sweeper,
  'text-later': textLater,
  'ticket-auto-close': ticketAutoClose,
};

export interface RecurringJob {
  everyMinutes: number;
  /**
   * For a daily job (1440 minutes): the hour (UTC) it runs at in AWS, when its time matters — a
   * text should not wake anyone. The sandbox's timer runs it every `everyMinutes` from its start.
   */
  atUtcHour?: number;
}

/** Recurring jobs: an EventBridge schedule in the jobs stack, a timer in the sandbox. */
export const RECURRING_JOBS: Partial<Record<JobName, RecurringJob>> = {
  sweeper: { everyMinutes: 60 },
  // Every hour some zone reaches some company's morning hour (domain/companies/morning-roster.ts).
  'daily-drafts': { everyMinutes: 60 },
  // 16:00 UTC: late morning in the US (the product's market), for the reconnection texts.
  'connection-health': { everyMinutes: 24 * 60, atUtcHour: 16 },
  // Posts' results are read about 1 h, 24 h and 7 d after publishing: a quarter-hour is close enough.
  'results-collection': { everyMinutes: 15 },
};

/** The shortest morning: reading the company and its campaigns, one draft, one text. */
export const MORNING_MIN_SECONDS = 2;
/** The shortest text: one call to the SMS provider. */
export const TEXT_MIN_SECONDS = 1;
/** The shortest OpenAI draft of a post. */
export const DRAFT_MIN_SECONDS = 2;

export interface QueuedJob {
  /**
   * The most instances the queue's event source runs at once (SQS's maximum concurrency, 2 to
   * 1,000), from the stage's outside limits: what the job's work meets allows.
   */
  readonly maxConcurrency: (rateOf: (bucket: ThroughputBucket) => ThroughputRate) => number;
  /** Deliveries of one item before it lands in the dead-letter queue. */
  readonly maxReceiveCount: number;
  /** Items per invocation; each is reported failed or done on its own. */
  readonly batchSize: number;
}

/**
 * Jobs fed by a queue: an SQS queue with its dead-letter queue and an event source in the jobs
 * stack (functions send to it through `enqueues`), the queue service in the sandbox.
 *
 * The morning goes through SQS rather than one asynchronous invocation per company: SQS caps how
 * many mornings run at once (the event source's maximum concurrency), so thirty thousand
 * companies due at 8:00 in New York wait in the queue instead of taking every instance the
 * account has, or meeting OpenAI's and the texting limits all at once; a morning over a limit is
 * put back with a delay (DelaySeconds) instead of failing; a failing company is retried on its own
 * and ends in a dead-letter queue that holds the mornings alone, with their receive counts; and
 * the backlog and its age are a queue metric. Asynchronous invocations have none of these: no
 * concurrency cap short of reserving it, two retries within six hours, and a shared on-failure
 * destination.
 */
export const QUEUED_JOBS: Partial<Record<JobName, QueuedJob>> = {
  'company-morning': {
    maxConcurrency: (rateOf) =>
      Math.min(
        1000,
        Math.max(
          2,
          Math.floor(
            Math.min(
              // A morning sends one text and lasts at least MORNING_MIN_SECONDS: this many at once
              // cannot text faster than the origination identity sends.
              perSecond(rateOf('sms-texts')) * MORNING_MIN_SECONDS,
              // Each instance makes one OpenAI request at a time, each at least DRAFT_MIN_SECONDS.
              perSecond(rateOf('ai-requests')) * DRAFT_MIN_SECONDS,
            ),
          ),
        ),
      ),
    maxReceiveCount: 3,
    batchSize: 1,
  },
  // The texts that met the identity's throughput when they were due (the answer to a reply, a
  // draft's or a failure's text, a reconnection warning), sent once it has room.
  'text-later': {
    // A text's call to the provider takes under a second: this many at once cannot text faster
    // than the origination identity sends, so waiting texts never come back as a storm.
    maxConcurrency: (rateOf) =>
      Math.min(1000, Math.max(2, Math.floor(perSecond(rateOf('sms-texts')) * TEXT_MIN_SECONDS))),
    maxReceiveCount: 3,
    batchSize: 1,
  },
};
