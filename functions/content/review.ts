import type * as z from 'zod';
import type { ReviewedContent, reviewContentBody } from '#shared/contract/content';
import { GENERATION_MESSAGES } from '#shared/domain/ai-campaigns';
import {
  AI_CONTENT_REVISIONS_PER_COMPANY_PER_DAY,
  CONTENT_MESSAGES,
  isReviewable,
  type ActedVia,
} from '#shared/domain/content';
import { zoneName } from '#shared/domain/time-zones';
import type { OwnedCampaign } from '../domain/ownership/owned-campaign';
import { contentEntity, type ContentRecord } from '../core/db/entities/content';
import { contentGenerationEntity } from '../core/db/entities/content-generation';
import { writeTransaction } from '../core/db/transaction';
import { Conflict, Invalid, NotFound, Unavailable } from '../core/errors';
import {
  refundDaily,
  spendDaily,
  type DailyRule,
  type DailySpend,
} from '../domain/plans/daily-counter';
import { waitText } from '../core/limits/wait-text';
import { logger } from '../core/logger';
import { reachFunnelStep } from '../domain/business/business-counts';
import { ensureMayGenerate } from '../domain/plans/entitlement';
import { jobStarter } from '../integrations/jobs/provider';
import { markFailed, pendingGeneration } from './content-generations';
import { toGeneratedContent } from './content-view';
import { checkPostImages, checkPublishableMedia } from './post-media';
import {
  applyTransition,
  transitionItem,
  unchangedSince,
  type TransitionDetails,
} from '../domain/publishing/post-lifecycle';
import { slotPost, watchForSlot, type SlotOutcome } from '../domain/publishing/slotting';

type ReviewBody = z.output<typeof reviewContentBody>;

/** AI revisions, per company per day in its zone (fair use; they cost a model call each). */
export const CONTENT_REVISIONS: DailyRule = {
  counter: 'ai-content-revisions',
  limit: AI_CONTENT_REVISIONS_PER_COMPANY_PER_DAY,
  code: 'AI_FAIR_USE_REACHED',
  message: ({ timeZone, secondsToReset }) =>
    `This company has asked the AI for today's ${AI_CONTENT_REVISIONS_PER_COMPANY_PER_DAY} post revisions (fair use). They reset at midnight (${zoneName(timeZone)}), in ${waitText(secondsToReset)}. You can still edit posts directly.`,
};

const notFound = () => new NotFound('CONTENT_NOT_FOUND', CONTENT_MESSAGES.notFound);
const notReviewable = () => new Conflict('CONTENT_NOT_REVIEWABLE', CONTENT_MESSAGES.notReviewable);

/** A post of the campaign, never a hidden one. */
export const loadCampaignPost = async (
  { campaign }: OwnedCampaign,
  contentId: string,
): Promise<ContentRecord> => {
  const { data } = await contentEntity()
    .get({ companyId: campaign.companyId, campaignId: campaign.campaignId, contentId })
    .go({ consistent: true });
  if (!data || data.status === 'hidden') throw notFound();
  return data;
};

export interface ReviewOptions {
  /** Where the owner reviewed: the app (the default) or a text reply. */
  via?: ActedVia;
}

/** Applies a review's move to the post, only while it is still as reviewed (else 409). */
const applyReview = async (
  post: ContentRecord,
  move: 'approve' | 'reject' | 'editDirectly',
  details: TransitionDetails,
): Promise<ContentRecord> => {
  const reviewed = await applyTransition(move, post, { ...details, where: unchangedSince(post) });
  if (!reviewed) throw notReviewable();
  return reviewed;
};

/**
 * Approves a reviewable post, only while it is still as read (else 409), and gives it its
 * campaign's next free slot while the campaign is active; `slot` says whether it took one, or why
 * not (it stays approved, and takes one when its campaign can give it).
 */
export const approvePost = async (
  owned: OwnedCampaign,
  post: ContentRecord,
  details: TransitionDetails = {},
): Promise<{ post: ContentRecord; slot: SlotOutcome }> => {
  const imageIds = (details.set as { imageIds?: string[] } | undefined)?.imageIds ?? post.imageIds;
  await checkPublishableMedia({ ...post, imageIds });
  await watchForSlot(post);
  const approved = await applyReview(post, 'approve', details);
  await reachFunnelStep(owned.company.userId, 'firstPostApproved');
  const slot = await slotPost(approved, owned.campaign, logger);
  return { post: slot.slotted ? slot.post : approved, slot };
};

/** A direct edit, held to the platform's own limits. */
const checkEditedText = async (post: ContentRecord, text: string) => {
  // twitter-text builds large regular expressions as it loads: only an edit pays for them.
  const { postTextLength } = await import('#shared/domain/post-text');
  const length = postTextLength(post.platform, text);
  if (length.withinLimit) return;
  const message =
    length.length > length.max
      ? `The post is ${length.length} characters; this platform takes at most ${length.max}`
      : `The post has ${length.hashtags} hashtags; this platform takes at most ${length.maxHashtags}`;
  throw new Invalid('POST_TOO_LONG', message, { directEdit: message });
};

/**
 * Sends the post back to the AI with the owner's feedback: the post moves to `modify` (the
 * feedback on its history) and a revision generation is recorded, in one transaction that only
 * commits while the post is reviewable; then the worker is started. A worker that cannot start
 * fails the revision and gives the fair-use unit back; the post stays in `modify`, to be tried
 * again. A revision asked for by text is texted to the owner when it is ready.
 */
const startRevision = async (
  owned: OwnedCampaign,
  post: ContentRecord,
  body: ReviewBody & { feedback: string },
  imageIds: string[] | undefined,
  via: ActedVia | undefined,
): Promise<ReviewedContent> => {
  ensureMayGenerate(owned.company);
  const spend: DailySpend = await spendDaily(CONTENT_REVISIONS, owned.company);
  const generation = pendingGeneration({
    kind: 'revision',
    companyId: post.companyId,
    campaignId: post.campaignId,
    platform: post.platform,
    revises: { contentId: post.contentId, version: post.version },
    sendNotification: via === 'sms',
    quotaDay: spend.day,
  });
  const outcome = await writeTransaction(
    { contents: contentEntity(), generations: contentGenerationEntity() },
    ({ generations }) => ({
      post: transitionItem('askRevision', post, {
        set: {
          revisionId: generation.generationId,
          ...(imageIds === undefined ? {} : { imageIds }),
        },
        where: unchangedSince(post),
        comment: body.feedback,
        modifyAspects: body.modifyAspects,
        via,
      }),
      generation: generations.create(generation).commit(),
    }),
  );
  if (!outcome.committed) {
    await refundDaily(spend);
    if (outcome.failedConditions.has('post')) throw notReviewable();
    throw new Error(`Revision not recorded: ${JSON.stringify(outcome.reasons)}`);
  }
  try {
    await (
      await jobStarter()
    ).start('content-generation', {
      generationId: generation.generationId,
    });
  } catch (error) {
    logger.error('Could not start a revision', {
      generationId: generation.generationId,
      error: error as Error,
    });
    if (await markFailed(generation, GENERATION_MESSAGES.notStarted, ['pending'])) {
      await refundDaily(spend);
      throw new Unavailable('AI_UNAVAILABLE', GENERATION_MESSAGES.notStarted);
    }
  }
  const revised = await loadCampaignPost(owned, post.contentId);
  return { content: toGeneratedContent(revised), generationId: generation.generationId };
};

/**
 * The owner's review of a post (the content route's review, at the spec's path
 * `/content/{contentId}/approve`, and text replies). Only a draft, or a post sent back for
 * changes, is reviewed: anything else (reviewed meanwhile, in another tab or by text) is a
 * conflict, checked again by the write itself. An approved post takes its campaign's next free
 * slot. `via` records where the owner acted (a text reply) on the post's history.
 */
export const reviewContent = async (
  owned: OwnedCampaign,
  contentId: string,
  body: ReviewBody,
  { via }: ReviewOptions = {},
): Promise<ReviewedContent> => {
  const post = await loadCampaignPost(owned, contentId);
  if (!isReviewable(post.status)) throw notReviewable();
  const imageIds = body.imageIds ? await checkPostImages(post, body.imageIds) : undefined;

  if (body.status === 'modify' && body.feedback) {
    return startRevision(owned, post, { ...body, feedback: body.feedback }, imageIds, via);
  }
  const images = imageIds === undefined ? {} : { imageIds };
  let reviewed: ContentRecord;
  if (body.status === 'modify') {
    const text = body.directEdit!;
    await checkEditedText(post, text);
    reviewed = await applyReview(post, 'editDirectly', { set: { content: text, ...images }, via });
  } else if (body.status === 'approved') {
    reviewed = (await approvePost(owned, post, { set: images, comment: body.feedback, via })).post;
  } else {
    reviewed = await applyReview(post, 'reject', { set: images, comment: body.feedback, via });
  }
  return { content: toGeneratedContent(reviewed), generationId: null };
};
