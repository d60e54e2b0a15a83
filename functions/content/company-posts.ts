import type { Page, PageQuery } from '#shared/contract/paging';
import type { ContentStatus, TimedContentStatus } from '#shared/domain/content';
import { contentEntity, type ContentRecord } from '../core/db/entities/content';
import { checkCursorOf, readCappedPage } from '../core/db/paging';
import { timelineLaneKey } from '../domain/publishing/post-lifecycle';

/*
 * A company's posts across all its campaigns, read from its timeline (content.ts, gsi3): one
 * partition per company and lane, so a page costs the same however many campaigns it has.
 */

/** Items one read of a status-filtered page looks at: weeks of a busy company's posts. */
const FILTERED_READ_LIMIT = 200;
/** Reads of a status-filtered page at most: a filter that thins the posts costs one more. */
const FILTERED_READS = 2;

type KeyedRecord = ContentRecord & Record<'pk' | 'sk' | 'gsi3pk' | 'gsi3sk', string>;

interface TimelineQuery {
  go(options: object): Promise<{ data: unknown[]; cursor: string | null }>;
}

/**
 * One page of the timeline. A page reads one item more than it holds, so the last page says it is
 * the last (no empty page after it); a status-filtered one reads up to FILTERED_READ_LIMIT items in
 * at most FILTERED_READS queries, so a page of a rare status may be short and still have a next.
 */
const readTimeline = (query: TimelineQuery, page: PageQuery, filtered: boolean) =>
  readCappedPage<KeyedRecord>(
    {
      go: async (options) =>
        (await query.go(options)) as { data: KeyedRecord[]; cursor: string | null },
    },
    page,
    {
      reads: filtered ? FILTERED_READS : 1,
      readLimit: filtered ? Math.max(FILTERED_READ_LIMIT, page.limit + 1) : page.limit + 1,
      keyOf: ({ pk, sk, gsi3pk, gsi3sk }) => ({ pk, sk, gsi3pk, gsi3sk }),
    },
  );

export interface PostsWindow {
  /** From this instant on (included). */
  from: string;
  /** Until this instant (not included). */
  to: string;
  status?: TimedContentStatus;
}

/**
 * The company's scheduled, publishing, published and failed posts whose time lies in the window,
 * earliest first (of two at the same time, by id), one page: one query, or two with a status.
 */
export const listCompanyPosts = async (
  companyId: string,
  { from, to, status }: PostsWindow,
  page: PageQuery,
): Promise<Page<ContentRecord>> => {
  // A place is `{UTC ISO}#{id}`: every place at `to` sorts after the bare instant, so it is out.
  const inWindow = contentEntity()
    .query.byCompanyTimeline({ timelineLane: timelineLaneKey(companyId, 'timed') })
    .between(
      { timelinePlace: new Date(from).toISOString() },
      { timelinePlace: new Date(to).toISOString() },
    );
  checkCursorOf(page.cursor, inWindow.params());
  const ofStatus = (wanted: ContentStatus) =>
    inWindow.where((attr, op) => op.eq(attr.status, wanted));
  return readTimeline(status ? ofStatus(status) : inWindow, page, status !== undefined);
};

/**
 * The company's posts waiting for review (drafts, and posts with the AI for changes), oldest
 * first: the calendar's review list, one query a page.
 */
export const listCompanyDrafts = async (
  companyId: string,
  page: PageQuery,
): Promise<Page<ContentRecord>> => {
  const waiting = contentEntity().query.byCompanyTimeline({
    timelineLane: timelineLaneKey(companyId, 'review'),
  });
  checkCursorOf(page.cursor, waiting.params());
  return readTimeline(waiting, page, false);
};
