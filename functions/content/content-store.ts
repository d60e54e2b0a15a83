import type { ContentStatus } from '#shared/domain/content';
import type { PlatformId } from '#shared/domain/tiers';
import type { Page, PageQuery } from '#shared/contract/paging';
import { deleteItemKeys } from '../core/db/batch-delete';
import { contentEntity, type ContentRecord } from '../core/db/entities/content';
import { contentRefEntity } from '../core/db/entities/content-ref';
import { publishWatchEntity } from '../core/db/entities/publish-watch';
import { slotClaimEntity } from '../core/db/entities/slot-claim';
import { createDraft } from '../domain/publishing/post-lifecycle';
import { unschedulePublish } from '../domain/publishing/publish-schedule';
import { readPage } from '../core/db/paging';
import { newTimeOrderedId } from '../core/ids';

export interface NewDraft {
  companyId: string;
  campaignId: string;
  platform: PlatformId;
  content: string;
  imageIds?: string[];
  source: 'openai' | 'offline';
  generationId?: string;
}

/** Writes a post the AI generated as a draft of its campaign (version 1). */
export const recordDraft = (draft: NewDraft, now = Date.now()): Promise<ContentRecord> =>
  createDraft({
    companyId: draft.companyId,
    campaignId: draft.campaignId,
    contentId: newTimeOrderedId(now),
    platform: draft.platform,
    content: draft.content,
    imageIds: draft.imageIds ?? [],
    generation: {
      source: draft.source,
      ...(draft.generationId ? { generationId: draft.generationId } : {}),
    },
  });

export interface ContentFilter {
  platform?: PlatformId;
  status?: ContentStatus;
}

/**
 * One page of a campaign's content, newest first, read from the index that fits the filter: the
 * campaign and platform (gsi2), the campaign and status (gsi1), or the campaign's own items. The
 * same condition checks every page's items: the company's (the indexes are keyed by campaign
 * alone), of the status asked for, never `hidden`.
 */
export const listContent = (
  companyId: string,
  campaignId: string,
  { platform, status }: ContentFilter,
  page: PageQuery,
): Promise<Page<ContentRecord>> => {
  const { query } = contentEntity();
  const matching = platform
    ? query.byCampaignPlatform({ campaignId, platform })
    : status
      ? query.byCampaignStatus({ campaignId, status })
      : query.byCampaign({ companyId, campaignId });
  const filtered = matching.where(
    (attr, op) =>
      `${op.eq(attr.companyId, companyId)} AND ${
        status ? op.eq(attr.status, status) : op.ne(attr.status, 'hidden')
      }`,
  );
  return readPage({ go: (options) => filtered.go({ ...options, order: 'desc' }) }, page, {
    filtered: true,
  });
};

/**
 * Removes every post of a deleted campaign (its clean-up job, which has checked the campaign is
 * gone): their publishing schedules first (a schedule left behind would fire for a post that is
 * gone, harmlessly, but it is the owner's no longer), then the posts, their slots, watches and
 * pointers. Safe to run twice.
 */
export const removeCampaignContent = async (
  companyId: string,
  campaignId: string,
): Promise<number> => {
  const [{ data }, { data: claims }] = await Promise.all([
    contentEntity()
      .query.byCampaign({ companyId, campaignId })
      .go({
        pages: 'all',
        consistent: true,
        attributes: ['companyId', 'campaignId', 'contentId', 'status', 'publishAttempt'],
      }),
    slotClaimEntity()
      .query.byCampaign({ companyId, campaignId })
      .go({ pages: 'all', consistent: true }),
  ]);
  for (const post of data.filter((item) => item.status === 'scheduled')) {
    await unschedulePublish(post.contentId, post.publishAttempt ?? 1);
  }
  await deleteItemKeys([
    ...data.map(
      ({ companyId: company, campaignId: campaign, contentId }) =>
        contentEntity()
          .delete({ companyId: company, campaignId: campaign, contentId })
          .params<{ Key: Record<string, string> }>().Key,
    ),
    ...claims.map(
      (claim) => slotClaimEntity().delete(claim).params<{ Key: Record<string, string> }>().Key,
    ),
    ...data.map(
      ({ contentId }) =>
        publishWatchEntity().delete({ contentId }).params<{ Key: Record<string, string> }>().Key,
    ),
    ...data.map(
      ({ contentId }) =>
        contentRefEntity()
          .delete({ companyId, contentId })
          .params<{ Key: Record<string, string> }>().Key,
    ),
  ]);
  return data.length;
};
