import { useCallback, useState } from 'react';
import type { GeneratedContent } from '#shared/contract/content';
import { isReviewable } from '#shared/domain/content';

/** A post on screen, as last known, and what happened to it while it was there. */
export interface PostInSight {
  post: GeneratedContent;
  /**
   * Reviewed somewhere else (another tab, a text reply) while on this screen: it was reviewable
   * here, and is not any more, without this screen having acted.
   */
  reviewedElsewhere: boolean;
}

/** The posts a view (a filter and page of the list) has shown, by id. */
export interface Sight {
  view: string;
  /** The list's latest answer for the view (undefined until it arrives). */
  listed: readonly GeneratedContent[] | undefined;
  posts: Readonly<Record<string, PostInSight>>;
}

export const emptySight = (view: string): Sight => ({ view, listed: undefined, posts: {} });

/**
 * A newer state of a post on screen. What the screen itself did (`here`: its own review, undo or
 * move answered) is taken as it is; what the server says otherwise (the list read again, the post
 * read on its own) unless it is older than what the screen holds, since a read started before the
 * screen's own write may answer after it.
 */
export const nextSight = (
  known: PostInSight | undefined,
  incoming: GeneratedContent,
  here: boolean,
): PostInSight => {
  if (!known) return { post: incoming, reviewedElsewhere: false };
  if (!here && incoming.updatedAt < known.post.updatedAt) return known;
  const reviewed = !isReviewable(incoming.status);
  return {
    post: incoming,
    reviewedElsewhere:
      !here && reviewed && (known.reviewedElsewhere || isReviewable(known.post.status)),
  };
};

/**
 * The view after the list answered `listed`: another view starts afresh (the owner changed the
 * filter or the page, so what left the list goes); the same view keeps the posts it has shown,
 * those the list no longer has included.
 */
export const seeList = (
  sight: Sight,
  view: string,
  listed: readonly GeneratedContent[] | undefined,
): Sight => {
  const base = sight.view === view ? sight : emptySight(view);
  if (!listed) return { ...base, listed };
  const posts = { ...base.posts };
  for (const post of listed) posts[post._id] = nextSight(posts[post._id], post, false);
  return { view, listed, posts };
};

/** What the screen learnt of a post it shows; a post it does not show is none of its business. */
export const seePost = (sight: Sight, post: GeneratedContent, here: boolean): Sight => {
  const known = sight.posts[post._id];
  if (!known) return sight;
  const next = nextSight(known, post, here);
  return next === known ? sight : { ...sight, posts: { ...sight.posts, [post._id]: next } };
};

export const forgetPost = (sight: Sight, contentId: string): Sight => {
  if (!sight.posts[contentId]) return sight;
  const { [contentId]: _gone, ...posts } = sight.posts;
  return { ...sight, posts };
};

/** The posts the view has shown that the list no longer has (reviewed, published, …). */
export const leftTheList = (sight: Sight): PostInSight[] => {
  const listed = new Set((sight.listed ?? []).map((post) => post._id));
  return Object.values(sight.posts).filter((entry) => !listed.has(entry.post._id));
};

/**
 * What the view shows: the list's posts in its order (newest first, by their time-ordered ids),
 * with those that left it where they stood.
 */
export const shownPosts = (sight: Sight): PostInSight[] => {
  const left = leftTheList(sight).sort((a, b) => (a.post._id < b.post._id ? 1 : -1));
  const shown: PostInSight[] = [];
  let next = 0;
  for (const post of sight.listed ?? []) {
    while (next < left.length && left[next]!.post._id > post._id) shown.push(left[next++]!);
    shown.push(sight.posts[post._id] ?? { post, reviewedElsewhere: false });
  }
  return [...shown, ...left.slice(next)];
};

/**
 * Posts stay in sight: a post the view has shown stays where it stood, with its new status, when
 * it leaves the list's filter (approved, rejected, published…), until the owner changes the filter
 * or the page. `listed` is the list's answer for `view` (undefined while the view loads). The
 * screen tells what it did to a post (`seen(post, true)`) and what it read of one that left the
 * list (`seen(post)`, `forget(id)` once it is gone).
 */
export const usePostsInSight = (view: string, listed: readonly GeneratedContent[] | undefined) => {
  const [sight, setSight] = useState<Sight>(() => seeList(emptySight(view), view, listed));
  let current = sight;
  if (sight.view !== view || sight.listed !== listed) {
    // Taken in as the list answers, during the render, so that nothing is drawn from the old view.
    current = seeList(sight, view, listed);
    setSight(current);
  }
  const seen = useCallback(
    (post: GeneratedContent, here = false) => setSight((state) => seePost(state, post, here)),
    [],
  );
  const forget = useCallback(
    (contentId: string) => setSight((state) => forgetPost(state, contentId)),
    [],
  );
  return {
    shown: shownPosts(current),
    /** Followed on their own: the list no longer answers them. */
    left: leftTheList(current).map((entry) => entry.post),
    seen,
    forget,
  };
};
