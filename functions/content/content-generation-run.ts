import type { Logger } from '@aws-lambda-powertools/logger';
import { GENERATION_MESSAGES, isLost } from '#shared/domain/ai-campaigns';
import {
  CONTENT_GENERATION_MESSAGES,
  contentImageLimit,
  type DraftTextOutcome,
} from '#shared/domain/content';
import { drafterCompanyOf } from '../domain/companies/drafter-company';
import { campaignEntity, type CampaignRecord } from '../core/db/entities/campaign';
import { companyEntity, type CompanyRecord } from '../core/db/entities/company';
import { contentEntity, type ContentRecord } from '../core/db/entities/content';
import { contentRefEntity } from '../core/db/entities/content-ref';
import { putProductMetric } from '../core/metrics';
import {
  contentGenerationEntity,
  type ContentGenerationRecord,
} from '../core/db/entities/content-generation';
import { asTransactionItem, writeTransaction } from '../core/db/transaction';
import { draftWrites, transitionItem } from '../domain/publishing/post-lifecycle';
import { refundDaily } from '../domain/plans/daily-counter';
import { refundGenerations } from '../domain/plans/generation-quota';
import type { ContentDraftInput, ContentDraftResult } from '../integrations/ai/content-drafter';
import { drafterFailureOf } from '../integrations/ai/drafter-failure';
import { withinDraftBudget } from '../integrations/ai/drafter-budget';
import { contentDrafter } from '../integrations/ai/provider';
import {
  markFailed,
  markRunning,
  markSucceeded,
  readContentGeneration,
  setStage,
  writtenPatch,
} from './content-generations';
import { listContent } from './content-store';
import { sendDraftDigest } from './draft-text';
import { campaignMediaFor } from './post-media';
import { CONTENT_REVISIONS } from './review';

export type ContentRunOutcome =
  | 'gone'
  | 'already-finished'
  | 'lost'
  | 'stale'
  | 'succeeded'
  | 'refused'
  | 'invalid-answer'
  | 'unavailable';

/** Recent posts a drafter is shown so a new one does not repeat them. */
const RECENT_POSTS = 10;

/**
 * Gives back what the generation counted: a new post's place in the plan's daily generations
 * (the owner got no post), a revision's fair-use unit.
 */
const refund = (generation: ContentGenerationRecord) =>
  generation.kind === 'content'
    ? refundGenerations({ companyId: generation.companyId, day: generation.quotaDay, count: 1 })
    : refundDaily({
        companyId: generation.companyId,
        counter: CONTENT_REVISIONS.counter,
        day: generation.quotaDay,
      });

/** The owner's feedback on the post: the newest `modify` entry of its history. */
const revisionRequest = (post: ContentRecord) => {
  const request = [...post.modificationHistory]
    .reverse()
    .find((entry) => entry.status === 'modify' && entry.comment);
  return { feedback: request?.comment ?? '', aspects: request?.modifyAspects ?? [] };
};

const draftInput = async (
  generation: ContentGenerationRecord,
  company: CompanyRecord,
  campaign: CampaignRecord,
  post: ContentRecord | null,
): Promise<ContentDraftInput> => {
  const [media, recent] = await Promise.all([
    campaignMediaFor(company.companyId, campaign.campaignId, generation.platform),
    listContent(company.companyId, campaign.campaignId, {}, { limit: RECENT_POSTS + 1 }),
  ]);
  return {
    company: drafterCompanyOf(company),
    campaign: {
      name: campaign.name,
      description: campaign.description,
      intention: campaign.campaignIntention,
      brandVoice: campaign.contentSeeds.brandVoice || company.brandVoice,
      keyMessages: [...campaign.contentSeeds.keyMessages],
      contentInstructions: campaign.contentSeeds.contentInstructions,
    },
    platform: generation.platform,
    media: media.map((asset) => ({
      type: asset.type,
      usage: asset.usage,
      description: asset.description,
    })),
    recentPosts: recent.data
      .filter((item) => item.contentId !== generation.contentId && item.status !== 'rejected')
      .slice(0, RECENT_POSTS)
      .map((item) => item.content),
    ...(post ? { revision: { previous: post.content, ...revisionRequest(post) } } : {}),
    seed: generation.generationId,
  };
};

/** A new post's images: the campaign's primary images for the platform, as many as it takes. */
const firstImages = async (generation: ContentGenerationRecord) =>
  (await campaignMediaFor(generation.companyId, generation.campaignId, generation.platform))
    .filter((asset) => asset.type === 'image' && asset.usage === 'primary')
    .slice(0, contentImageLimit(generation.platform))
    .map((asset) => asset.mediaId);

/**
 * Writes the post and marks the generation written, in one transaction: a new post is created
 * under the generation's own id (a second run finds it there), a revision replaces the text of
 * the version it was asked for, only while the post still waits for it.
 */
const writePost = async (
  generation: ContentGenerationRecord,
  result: ContentDraftResult,
  source: 'openai' | 'offline',
): Promise<'written' | 'stale' | 'already-finished'> => {
  const key = {
    companyId: generation.companyId,
    campaignId: generation.campaignId,
    contentId: generation.contentId,
  };
  const imageIds = generation.kind === 'content' ? await firstImages(generation) : [];
  const outcome = await writeTransaction(
    {
      contents: contentEntity(),
      contentRefs: contentRefEntity(),
      generations: contentGenerationEntity(),
    },
    () => ({
      ...(generation.kind === 'content'
        ? draftWrites({
            ...key,
            platform: generation.platform,
            content: result.text,
            imageIds,
            generation: { source, generationId: generation.generationId },
          })
        : {
            post: transitionItem('revised', key, {
              set: { content: result.text },
              where: ({ version }, { eq }) => eq(version, generation.baseVersion ?? 0),
            }),
          }),
      generation: asTransactionItem(writtenPatch(generation, source)),
    }),
  );
  if (outcome.committed) return 'written';
  if (outcome.failedConditions.has('generation')) return 'already-finished';
  if (outcome.failedConditions.has('post')) {
    // A new post already there was written by an earlier run of this same generation.
    if (generation.kind === 'content') {
      await writtenPatch(generation, source).go({ response: 'none' });
      return 'written';
    }
    return 'stale';
  }
  throw new Error(`The post was not written: ${JSON.stringify(outcome.reasons)}`);
};

/**
 * Texts the owner when asked to: a new draft, or the new version of a post whose revision was
 * asked for by text — as a one-item digest of its own, so `1 YES` answers it.
 */
const announce = async (
  generation: ContentGenerationRecord,
  company: CompanyRecord,
  campaign: CampaignRecord,
  logger: Logger,
): Promise<DraftTextOutcome> => {
  if (!generation.sendNotification) return 'off';
  const { data: post } = await contentEntity()
    .get({
      companyId: generation.companyId,
      campaignId: generation.campaignId,
      contentId: generation.contentId,
    })
    .go({ consistent: true });
  if (!post) return 'failed';
  return sendDraftDigest(
    {
      ownerId: company.userId,
      digestId: generation.generationId,
      kind: generation.kind === 'revision' ? 'revised' : 'new',
      items: [
        {
          number: 1,
          companyId: company.companyId,
          campaignId: campaign.campaignId,
          contentId: post.contentId,
          platform: post.platform,
          campaignName: campaign.name,
          text: post.content,
        },
      ],
    },
    logger,
  );
};

/**
 * The content-generation job's work for one generation. Safe to run twice: a generation that is
 * gone or finished is left alone, every move is a conditional write on the status it moves from,
 * the post is written under an id the generation fixes, and the text is claimed by a digest
 * before it is sent. Failures are the generation's (with the day's generation given back), not the
 * job's; only a failure to write to the table is thrown, for the deliverer's retry.
 */
export const runContentGeneration = async (
  generationId: string,
  logger: Logger,
): Promise<ContentRunOutcome> => {
  const generation = await readContentGeneration(generationId);
  if (!generation) return 'gone';
  if (generation.status === 'succeeded' || generation.status === 'failed') {
    return 'already-finished';
  }
  const fail = async (
    message: string,
    outcome: ContentRunOutcome,
    source?: 'openai' | 'offline',
  ) => {
    if (await markFailed(generation, message, ['pending', 'running'], source)) {
      await refund(generation);
    }
    return outcome;
  };
  if (isLost(generation)) return fail(GENERATION_MESSAGES.lost, 'lost');

  const [{ data: company }, { data: campaign }] = await Promise.all([
    companyEntity().get({ companyId: generation.companyId }).go({ consistent: true }),
    campaignEntity()
      .get({ companyId: generation.companyId, campaignId: generation.campaignId })
      .go({ consistent: true }),
  ]);
  if (!company || company.deletedAt) return 'gone';
  if (!campaign) return fail(CONTENT_GENERATION_MESSAGES.campaignGone, 'gone');
  const startedAt = new Date().toISOString();
  if (!(await markRunning(generation, startedAt))) return 'already-finished';
  const running: ContentGenerationRecord = { ...generation, status: 'running', startedAt };

  if (!generation.written) {
    let post: ContentRecord | null = null;
    if (generation.kind === 'revision') {
      ({ data: post } = await contentEntity()
        .get({
          companyId: generation.companyId,
          campaignId: generation.campaignId,
          contentId: generation.contentId,
        })
        .go({ consistent: true }));
      if (!post || post.status !== 'modify' || post.version !== generation.baseVersion) {
        return fail(CONTENT_GENERATION_MESSAGES.changedMeanwhile, 'stale');
      }
    }
    const [drafter, input] = await Promise.all([
      // Behind OpenAI's limits, shared by every instance.
      contentDrafter().then(withinDraftBudget),
      draftInput(generation, company, campaign, post),
    ]);
    let result: ContentDraftResult;
    const draftingSince = Date.now();
    try {
      result = await drafter.draftPost(input, async (stage) => {
        try {
          await setStage(generation, stage, stage === 'drafting' ? 40 : 80);
        } catch (error) {
          // Progress is a nicety: a failed write of it never stops the post.
          logger.warn('Could not record a generation stage', { stage, error: error as Error });
        }
      });
    } catch (error) {
      const failure = drafterFailureOf(error, logger, { generationId, kind: generation.kind });
      return fail(failure.message, failure.outcome, drafter.source);
    }
    putProductMetric('DraftsGenerated', 1, generation.platform);
    putProductMetric('DraftLatency', Date.now() - draftingSince, generation.platform);
    logger.info('Post drafted', {
      generationId,
      kind: generation.kind,
      platform: generation.platform,
      source: drafter.source,
      inputTokens: result.usage?.inputTokens ?? 0,
      outputTokens: result.usage?.outputTokens ?? 0,
    });
    if (isLost(running)) {
      // Finished after the owner was told it stopped: keep to what they were told.
      return fail(GENERATION_MESSAGES.lost, 'lost', drafter.source);
    }
    const written = await writePost(generation, result, drafter.source);
    if (written === 'already-finished') return written;
    if (written === 'stale') {
      return fail(CONTENT_GENERATION_MESSAGES.changedMeanwhile, 'stale', drafter.source);
    }
  }
  const notification = await announce(generation, company, campaign, logger);
  return (await markSucceeded(generation, notification)) ? 'succeeded' : 'already-finished';
};
