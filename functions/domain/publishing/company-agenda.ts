import type { CompanyAgenda, UpcomingPost } from '#shared/contract/companies';
import { contentEntity } from '../../core/db/entities/content';
import { timelineLaneKey } from './post-lifecycle';

/*
 * What needs doing in a company, read from its timeline (content.ts, gsi3) rather than campaign by
 * campaign: one query for the posts waiting for review, one for the next posts going out, however
 * many campaigns it has.
 */

/** A card shows a post's first words: about two short lines. */
const PREVIEW_MAX = 80;

/** The post's text cut at a word before PREVIEW_MAX characters, with an ellipsis. */
export const postPreview = (content: string): string => {
  const text = content.trim().replace(/\s+/g, ' ');
  if (text.length <= PREVIEW_MAX) return text;
  const cut = text.slice(0, PREVIEW_MAX);
  const space = cut.lastIndexOf(' ');
  // A sentence's own stop would sit before the ellipsis ("yours.…"): it goes.
  return `${(space > PREVIEW_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?]+$/, '')}…`;
};

/**
 * How many of the company's drafts wait for its review (not those with the AI for changes): one
 * query of its review lane, reading only the status of each.
 */
export const countDraftsWaiting = async (companyId: string): Promise<number> => {
  const { data } = await contentEntity()
    .query.byCompanyTimeline({ timelineLane: timelineLaneKey(companyId, 'review') })
    .go({ pages: 'all', attributes: ['status'] });
  return data.filter((post) => post.status === 'draft').length;
};

/** Posts read beyond those asked for: a post being published at its slot is not going out next. */
const SLACK = 2;

/**
 * The company's next `count` scheduled posts from `now` on, soonest first: one query of its timed
 * lane, which from now on holds the scheduled posts (and one being published right at its slot).
 */
export const upcomingPosts = async (
  companyId: string,
  count: number,
  now: Date = new Date(),
): Promise<UpcomingPost[]> => {
  const { data } = await contentEntity()
    .query.byCompanyTimeline({ timelineLane: timelineLaneKey(companyId, 'timed') })
    .gte({ timelinePlace: now.toISOString() })
    .go({
      limit: count + SLACK,
      attributes: ['contentId', 'campaignId', 'platform', 'status', 'scheduledFor', 'content'],
    });
  return data
    .filter(
      (post): post is typeof post & { scheduledFor: string } =>
        post.status === 'scheduled' && post.scheduledFor !== undefined,
    )
    .slice(0, count)
    .map((post) => ({
      contentId: post.contentId,
      campaignId: post.campaignId,
      platform: post.platform,
      scheduledFor: post.scheduledFor,
      preview: postPreview(post.content),
    }));
};

/** The company's drafts waiting for review and its next post going out: two queries at once. */
export const companyAgenda = async (
  companyId: string,
  now: Date = new Date(),
): Promise<CompanyAgenda> => {
  const [draftsWaiting, [nextPost]] = await Promise.all([
    countDraftsWaiting(companyId),
    upcomingPosts(companyId, 1, now),
  ]);
  return { draftsWaiting, nextPost: nextPost ?? null };
};
