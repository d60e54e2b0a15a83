import { describe, expect, it } from 'vitest';
import { makeContent } from '#web/test/fixtures';
import { emptySight, seeList, seePost, shownPosts } from './stay-in-sight';

const at = (minute: number) => `2026-11-27T16:${String(minute).padStart(2, '0')}:00.000Z`;
const draft = (id: string) => makeContent({ _id: id, updatedAt: at(0) });
const scheduled = (id: string, minute: number) =>
  makeContent({ _id: id, status: 'scheduled', scheduledFor: at(59), updatedAt: at(minute) });
const ids = (sight: ReturnType<typeof seeList>) =>
  shownPosts(sight).map(
    ({ post, reviewedElsewhere }) => `${post._id}:${post.status}${reviewedElsewhere ? '!' : ''}`,
  );

describe('posts in sight', () => {
  it('keeps a post that left the list where it stood, with its new status, until the view changes', () => {
    let sight = seeList(emptySight('drafts'), 'drafts', [draft('p3'), draft('p2'), draft('p1')]);
    sight = seePost(sight, scheduled('p2', 1), true);
    sight = seeList(sight, 'drafts', [draft('p3'), draft('p1')]);
    expect(ids(sight)).toEqual(['p3:draft', 'p2:scheduled', 'p1:draft']);

    expect(ids(seeList(sight, 'scheduled', [scheduled('p2', 1)]))).toEqual(['p2:scheduled']);
    expect(ids(seeList(sight, 'drafts|page 2', []))).toEqual([]);
  });

  it('marks a post reviewed elsewhere, and never its own review', () => {
    let sight = seeList(emptySight('drafts'), 'drafts', [draft('p2'), draft('p1')]);
    sight = seePost(sight, scheduled('p2', 1), true);
    sight = seePost(sight, scheduled('p1', 1), false);
    expect(ids(sight)).toEqual(['p2:scheduled', 'p1:scheduled!']);
  });

  it('takes no older answer over what the screen itself did', () => {
    let sight = seeList(emptySight('drafts'), 'drafts', [draft('p1')]);
    sight = seePost(sight, scheduled('p1', 2), true);
    // A read started before the approval answers after it.
    sight = seeList(sight, 'drafts', [draft('p1')]);
    expect(ids(sight)).toEqual(['p1:scheduled']);
    // Undone here: a draft again, as the screen did it.
    sight = seePost(sight, makeContent({ _id: 'p1', updatedAt: at(3) }), true);
    expect(ids(sight)).toEqual(['p1:draft']);
  });

  it('ignores news of a post it does not show', () => {
    const sight = seeList(emptySight('drafts'), 'drafts', [draft('p1')]);
    expect(seePost(sight, scheduled('p9', 1), false)).toBe(sight);
  });
});
