import { beforeAll, describe, expect, it } from 'vitest';
import type { ForumThreadPage, ForumVoteResult } from '#shared/contract/forum';
import { member, newCategory, newThread, reply, type Member } from './forum-support';
import { call } from './http';

let author: Member;
let voter: Member;
let categoryId: string;

beforeAll(async () => {
  [author, voter] = await Promise.all([member('founder'), member('founder')]);
  categoryId = (await newCategory(author))._id;
});

const voteOn = (who: Member, type: 'up' | 'down', threadId: string, postId?: string) =>
  call<ForumVoteResult>('POST', '/forum/votes', {
    token: who.token,
    body: { type, threadId, ...(postId ? { postId } : {}) },
  });

describe('votes', () => {
  it('counts a vote, takes it back when cast again, and switches to the other', async () => {
    const thread = await newThread(author, categoryId);
    expect((await voteOn(voter, 'up', thread._id)).body).toEqual({ voteCount: 1, myVote: 'up' });
    expect((await voteOn(voter, 'up', thread._id)).body).toEqual({ voteCount: 0, myVote: null });
    expect((await voteOn(voter, 'down', thread._id)).body).toEqual({
      voteCount: -1,
      myVote: 'down',
    });
    expect((await voteOn(voter, 'up', thread._id)).body).toEqual({ voteCount: 1, myVote: 'up' });

    const page = await call<ForumThreadPage>('GET', `/forum/threads/${thread._id}`, {
      token: voter.token,
    });
    expect(page.body.thread).toMatchObject({ voteCount: 1, myVote: 'up' });
    const authorView = await call<ForumThreadPage>('GET', `/forum/threads/${thread._id}`, {
      token: author.token,
    });
    expect(authorView.body.thread.myVote).toBeNull();
  });

  it('votes on a reply as on a thread, each item counted on its own', async () => {
    const thread = await newThread(author, categoryId);
    const post = await reply(voter, thread._id);
    expect((await voteOn(author, 'down', thread._id, post._id)).body).toEqual({
      voteCount: -1,
      myVote: 'down',
    });
    const page = await call<ForumThreadPage>('GET', `/forum/threads/${thread._id}`, {
      token: author.token,
    });
    expect(page.body.thread.voteCount).toBe(0);
    expect(page.body.data[0]).toMatchObject({ voteCount: -1, myVote: 'down' });
  });

  it('refuses a vote on one’s own thread or reply', async () => {
    const thread = await newThread(author, categoryId);
    const post = await reply(voter, thread._id);
    for (const [who, postId] of [
      [author, undefined],
      [voter, post._id],
    ] as const) {
      const refused = await voteOn(who, 'up', thread._id, postId);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: 'FORUM_OWN_VOTE',
        message: 'You cannot vote on your own post',
      });
    }
  });

  it('answers a reply that is not in the thread 404', async () => {
    const [one, other] = [await newThread(author, categoryId), await newThread(author, categoryId)];
    const post = await reply(voter, one._id);
    const refused = await voteOn(author, 'up', other._id, post._id);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'FORUM_POST_NOT_FOUND' });
  });

  it('counts 20 members voting at once exactly 20 times, on a thread and on a reply', async () => {
    const voters = await Promise.all(Array.from({ length: 20 }, () => member('founder')));
    const thread = await newThread(author, categoryId);
    const post = await reply(voter, thread._id);
    const answers = await Promise.all(
      voters.flatMap((who) => [
        voteOn(who, 'up', thread._id),
        voteOn(who, 'up', thread._id, post._id),
      ]),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const page = await call<ForumThreadPage>('GET', `/forum/threads/${thread._id}`, {
      token: author.token,
    });
    expect(page.body.thread.voteCount).toBe(20);
    expect(page.body.data[0]!.voteCount).toBe(20);
  });
});
