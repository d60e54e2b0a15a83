import type { GeneratedContent, GeneratingPost } from '#shared/contract/content';

/** How often posts on screen are read again while one of them is about to change. */
export const LIVE_REFRESH_MS = 3_000;
/** How often they are read again otherwise: a post can be reviewed by text, or elsewhere. */
export const CALM_REFRESH_MS = 60_000;
/** A scheduled post this close to its time (or past it) is about to be published. */
export const DUE_SOON_MS = 60 * 60_000;

/** The post is being published, or goes out within the hour (or should have already). */
export const isAboutToChange = (post: GeneratedContent, now: number): boolean =>
  post.status === 'publishing' ||
  (post.status === 'scheduled' &&
    post.scheduledFor !== null &&
    Date.parse(post.scheduledFor) - now <= DUE_SOON_MS);

/**
 * How soon to read the posts on screen again: every few seconds while a new post is being written
 * or one of them is being published or due within the hour, so that its card changes on its own;
 * every minute otherwise.
 */
export const refreshIntervalFor = (
  posts: readonly GeneratedContent[],
  generating: readonly GeneratingPost[],
  now: number = Date.now(),
): number =>
  generating.length > 0 || posts.some((post) => isAboutToChange(post, now))
    ? LIVE_REFRESH_MS
    : CALM_REFRESH_MS;
