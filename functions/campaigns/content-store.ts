import type { ContentStatus } from '#shared/domain/content';
import type { PlatformId } from '#shared/domain/tiers';
import type { Page, PageQuery } from '#shared/contract/paging';
import { deleteItemKeys } from '../core/db/batch-delete';
import { contentEntity, type ContentRecord } from '../core/db/entities/content';
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
export const recordDraft = async (draft: NewDraft, now = Date.now()): Promise<ContentRecord> => {
  const { data } = await contentEntity()
    .create({
      companyId: draft.companyId,
      campaignId: draft.campaignId,
      contentId: newTimeOrderedId(now),
      platform: draft.platform,
      status: 'draft',
      content: draft.content,
      imageIds: draft.imageIds ?? [],
      params: {
        platform: draft.platform,
        source: draft.source,
        ...(draft.generationId ? { generationId: draft.generationId } : {}),
      },
    })
    .go();
  return data;
};

export interface ContentFilter {
  platform?: PlatformId;
  status?: ContentStatus;
}

/**
 * One page of a campaign's content, newest first, read from the index that fits the filter: the
 * campaign and status (gsi1), the campaign and platform (gsi2, with the status checked there when
 * both are asked), or the campaign's own items. `hidden` posts are never listed.
 */
export const listContent = async (
  companyId: string,
  campaignId: string,
  filter: ContentFilter,
  page: PageQuery,
): Promise<Page<ContentRecord>> => {
  const entity = contentEntity();
  const newestFirst = { order: 'desc' } as const;
  if (filter.status && !filter.platform) {
    return readPage(
      {
        go: (options) =>
          entity.query
            .byCampaignStatus({ campaignId, status: filter.status! })
            .where((attr, op) => op.eq(attr.companyId, companyId))
            .go({ ...options, ...newestFirst }),
      },
      page,
      { filtered: true },
    );
  }
  if (filter.platform) {
    return readPage(
      {
        go: (options) =>
          entity.query
            .byCampaignPlatform({ campaignId, platform: filter.platform! })
            .where((attr, op) =>
              filter.status
                ? `${op.eq(attr.companyId, companyId)} AND ${op.eq(attr.status, filter.status)}`
                : `${op.eq(attr.companyId, companyId)} AND ${op.ne(attr.status, 'hidden')}`,
            )
            .go({ ...options, ...newestFirst }),
      },
      page,
      { filtered: true },
    );
  }
  return readPage(
    {
      go: (options) =>
        entity.query
          .byCampaign({ companyId, campaignId })
          .where((attr, op) => op.ne(attr.status, 'hidden'))
          .go({ ...options, ...newestFirst }),
    },
    page,
    { filtered: true },
  );
};

/** One post of the company's campaign, or null. */
export const findContent = async (
  companyId: string,
  campaignId: string,
  contentId: string,
): Promise<ContentRecord | null> => {
  const { data } = await contentEntity()
    .get({ companyId, campaignId, contentId })
    .go({ consistent: true });
  return data;
};

/** Removes every post of a deleted campaign (its clean-up job). Safe to run twice. */
export const removeCampaignContent = async (
  companyId: string,
  campaignId: string,
): Promise<number> => {
  const { data } = await contentEntity()
    .query.byCampaign({ companyId, campaignId })
    .go({ pages: 'all', consistent: true, attributes: ['companyId', 'campaignId', 'contentId'] });
  await deleteItemKeys(
    data.map((item) => contentEntity().delete(item).params<{ Key: Record<string, string> }>().Key),
  );
  return data.length;
};
