import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { useLocalTable } from '#test/support/local-table';
import { CONTENT_STATUSES, type ContentStatus } from '#shared/domain/content';
import { db, tableName } from '#functions/core/db/client';
import { contentEntity, type ContentRecord } from '#functions/core/db/entities/content';
import { contentRefEntity } from '#functions/core/db/entities/content-ref';
import { counterEntity } from '#functions/core/db/entities/counter';
import { writeTransaction } from '#functions/core/db/transaction';
import { newTimeOrderedId } from '#functions/core/ids';
import {
  applyTransition,
  createDraft,
  POST_TRANSITIONS,
  transitionItem,
  TransitionNotAllowed,
  unchangedSince,
  type PostTransition,
  type TransitionDetails,
} from './post-lifecycle';

const SLOT = '2030-01-07T14:00:00.000Z';
const CLAIMED_AT = '2030-01-07T14:00:01.000Z';

/**
 * What each move is given, as its caller gives it (a review: the post unchanged since it was
 * read): the extra condition holds for a post as `postIn` makes it (version 1, attempt 1,
 * scheduled for SLOT, claimed at CLAIMED_AT), so only the status decides.
 */
const asReviewed = unchangedSince({ version: 1 });
const DETAILS: Record<PostTransition, TransitionDetails> = {
  approve: { where: asReviewed, via: 'sms' },
  reject: { where: asReviewed, comment: 'Not our voice' },
  askRevision: {
    set: { revisionId: 'revision-1' },
    where: asReviewed,
    comment: 'Shorter',
    modifyAspects: ['length'],
  },
  editDirectly: { set: { content: 'Edited text' }, where: asReviewed },
  revised: { set: { content: 'Revised text' }, where: ({ version }, { eq }) => eq(version, 1) },
  slot: { set: { scheduledFor: SLOT, publishAttempt: 1 } },
  unslot: { where: ({ scheduledFor }, { eq }) => eq(scheduledFor, SLOT) },
  move: {
    set: { scheduledFor: '2030-01-08T14:00:00.000Z', publishAttempt: 2 },
    where: ({ publishAttempt }, { eq }) => eq(publishAttempt, 1),
  },
  claim: {
    set: { publishingSince: CLAIMED_AT },
    where: ({ publishAttempt }, { eq }) => eq(publishAttempt, 1),
  },
  publish: {
    set: { publishedAt: CLAIMED_AT, postUrl: 'https://x.com/p/1', providerPostId: '1' },
    where: ({ publishingSince }, { eq }) => eq(publishingSince, CLAIMED_AT),
  },
  fail: {
    set: { publishError: 'Refused' },
    where: ({ publishingSince }, { eq }) => eq(publishingSince, CLAIMED_AT),
  },
  retryLater: {
    set: { scheduledFor: '2030-01-07T14:05:00.000Z', publishAttempt: 2 },
    where: ({ publishingSince }, { eq }) => eq(publishingSince, CLAIMED_AT),
  },
  release: { where: ({ publishingSince }, { eq }) => eq(publishingSince, CLAIMED_AT) },
  retry: { set: { publishAttempt: 4 }, via: 'sms' },
  skip: {},
  undoApproval: {
    set: { publishAttempt: 4 },
    where: ({ publishAttempt }, { eq }) => eq(publishAttempt, 1),
  },
  undoRejection: { where: asReviewed },
};

/** Every move, and what the post looks like after it (besides its new status). */
const AFTER: Record<PostTransition, Partial<ContentRecord>> = {
  approve: {},
  reject: {},
  askRevision: { revisionId: 'revision-1' },
  editDirectly: { content: 'Edited text', version: 2 },
  revised: { content: 'Revised text', version: 2 },
  slot: {},
  unslot: { scheduledFor: undefined },
  move: { scheduledFor: '2030-01-08T14:00:00.000Z', publishAttempt: 2 },
  claim: {},
  publish: {
    publishedAt: CLAIMED_AT,
    postUrl: 'https://x.com/p/1',
    providerPostId: '1',
    publishingSince: undefined,
    publishError: undefined,
  },
  fail: { publishError: 'Refused', publishingSince: undefined },
  retryLater: {
    scheduledFor: '2030-01-07T14:05:00.000Z',
    publishAttempt: 2,
    publishingSince: undefined,
  },
  release: { publishingSince: undefined },
  retry: {
    publishAttempt: 4,
    scheduledFor: undefined,
    publishingSince: undefined,
    publishError: undefined,
  },
  skip: {},
  undoApproval: { scheduledFor: undefined, publishAttempt: 4 },
  undoRejection: {},
};

/** What each move adds to the history (nothing for the product's moves off the history). */
const HISTORY: Partial<Record<PostTransition, object>> = {
  approve: { status: 'approved', via: 'sms' },
  reject: { status: 'rejected', comment: 'Not our voice' },
  askRevision: { status: 'modify', comment: 'Shorter', modifyAspects: ['length'] },
  editDirectly: { status: 'modify', comment: 'Edited directly' },
  revised: { status: 'draft', comment: 'Revised by the AI' },
  retry: { status: 'approved', comment: 'Publishing retried', via: 'sms' },
  skip: { status: 'rejected', comment: 'Publishing skipped' },
  undoApproval: { status: 'draft', comment: 'Approval undone' },
  undoRejection: { status: 'draft', comment: 'Rejection undone' },
};

const NAMES = Object.keys(POST_TRANSITIONS) as PostTransition[];

/** A post in `status`, carrying every attribute a move's extra condition looks at. */
const postIn = async (status: ContentStatus): Promise<ContentRecord> => {
  const { data } = await contentEntity()
    .create({
      companyId: randomUUID(),
      campaignId: randomUUID(),
      contentId: randomUUID(),
      platform: 'twitter',
      status,
      content: 'The first text',
      generation: { source: 'offline' },
      scheduledFor: SLOT,
      publishAttempt: 1,
      publishingSince: CLAIMED_AT,
      publishError: 'An earlier error',
    })
    .go();
  return data;
};

const stored = async (post: ContentRecord) =>
  (
    await contentEntity()
      .get({ companyId: post.companyId, campaignId: post.campaignId, contentId: post.contentId })
      .go({ consistent: true })
  ).data;

const keyOf = ({ companyId, campaignId, contentId }: ContentRecord) => ({
  companyId,
  campaignId,
  contentId,
});

/** The transition table against DynamoDB Local: exactly its moves are written, each once. */
describe('post lifecycle', () => {
  useLocalTable();

  it('allows exactly the moves the product makes', () => {
    const pairs = NAMES.flatMap((name) =>
      POST_TRANSITIONS[name].from.map((from) => `${name}: ${from} → ${POST_TRANSITIONS[name].to}`),
    );
    expect(pairs).toEqual([
      'approve: draft → approved',
      'approve: modify → approved',
      'reject: draft → rejected',
      'reject: modify → rejected',
      'askRevision: draft → modify',
      'askRevision: modify → modify',
      'editDirectly: draft → draft',
      'editDirectly: modify → draft',
      'revised: modify → draft',
      'slot: approved → scheduled',
      'unslot: scheduled → approved',
      'move: scheduled → scheduled',
      'claim: scheduled → publishing',
      'publish: publishing → published',
      'fail: publishing → failed',
      'retryLater: publishing → scheduled',
      'release: publishing → scheduled',
      'retry: failed → approved',
      'skip: failed → rejected',
      'undoApproval: approved → draft',
      'undoApproval: scheduled → draft',
      'undoRejection: rejected → draft',
    ]);
  });

  const allowed = NAMES.flatMap((name) =>
    POST_TRANSITIONS[name].from.map((from) => [name, from] as const),
  );
  it.each(allowed)(
    '%s from %s succeeds once; the same move again is refused',
    async (name, from) => {
      const post = await postIn(from);
      const moved = await applyTransition(name, post, DETAILS[name]);
      const expected = {
        ...post,
        status: POST_TRANSITIONS[name].to,
        ...AFTER[name],
        modificationHistory: HISTORY[name] ? [expect.objectContaining(HISTORY[name])] : [],
        updatedAt: expect.any(String),
      };
      expect(moved).toEqual(expected);
      const afterFirst = await stored(post);
      expect(afterFirst).toEqual(expected);

      // The caller's second try with what it read: the post has moved on, so the condition fails.
      expect(await applyTransition(name, post, DETAILS[name])).toBeNull();
      expect(await stored(post)).toEqual(afterFirst);
    },
  );

  const refused = CONTENT_STATUSES.flatMap((from) =>
    NAMES.filter((name) => !(POST_TRANSITIONS[name].from as readonly string[]).includes(from)).map(
      (name) => [name, from] as const,
    ),
  );
  it.each(refused)('%s from %s is refused, nothing written', async (name, from) => {
    const post = await postIn(from);
    // The caller read the post in that status: the table refuses before anything is sent.
    await expect(applyTransition(name, post, DETAILS[name])).rejects.toThrow(TransitionNotAllowed);
    expect(() => transitionItem(name, post, DETAILS[name])).toThrow(TransitionNotAllowed);
    // The caller knows only the key (as the publisher does): the write's condition refuses.
    expect(await applyTransition(name, keyOf(post), DETAILS[name])).toBeNull();
    expect(await stored(post)).toEqual(post);
  });

  it('refuses a move not in the table, or one that would set the status itself', async () => {
    const post = await postIn('approved');
    const sneaky = { set: { status: 'published' } } as unknown as TransitionDetails;
    await expect(applyTransition('slot', post, sneaky)).rejects.toThrow(TransitionNotAllowed);
    await expect(applyTransition('toString' as PostTransition, keyOf(post))).rejects.toThrow(
      TransitionNotAllowed,
    );
    expect(await stored(post)).toEqual(post);
  });

  /*
   * The company's timeline (the calendar's index) follows every move: a post waiting for review is
   * in the review lane at the time it was written, a scheduled, publishing or failed one in the
   * timed lane at its slot, a published one at when it went out, any other on neither.
   */
  const CREATED_AT = '2029-12-30T08:00:00.000Z';
  const expectedPlace = (
    post: Pick<
      ContentRecord,
      'companyId' | 'contentId' | 'status' | 'scheduledFor' | 'publishedAt'
    >,
  ) => {
    const at = ['draft', 'modify'].includes(post.status)
      ? CREATED_AT
      : post.status === 'published'
        ? post.publishedAt
        : ['scheduled', 'publishing', 'failed'].includes(post.status)
          ? post.scheduledFor
          : undefined;
    if (!at) return null;
    const lane = ['draft', 'modify'].includes(post.status) ? 'review' : 'timed';
    return { timelineLane: `${post.companyId}#${lane}`, timelinePlace: `${at}#${post.contentId}` };
  };

  /** The stored item's place on the timeline, once the index is seen to hold it there. */
  const placeOnTimeline = async (post: ContentRecord) => {
    const { Key } = contentEntity().get(keyOf(post)).params<{ Key: Record<string, string> }>();
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }),
    );
    if (!Item?.timelineLane) {
      expect(Item?.gsi3pk).toBeUndefined();
      expect(Item?.gsi3sk).toBeUndefined();
      return null;
    }
    const place = {
      timelineLane: Item.timelineLane as string,
      timelinePlace: Item.timelinePlace as string,
    };
    const { data } = await contentEntity()
      .query.byCompanyTimeline({ timelineLane: place.timelineLane })
      .where(({ contentId }, { eq }) => eq(contentId, post.contentId))
      .go({ pages: 'all' });
    expect(data).toHaveLength(1);
    return place;
  };

  /** A post in `from`, written on CREATED_AT, where the lifecycle would have put it. */
  const postOnTimeline = async (from: ContentStatus): Promise<ContentRecord> => {
    const post = {
      companyId: randomUUID(),
      contentId: newTimeOrderedId(Date.parse(CREATED_AT)),
      status: from,
      scheduledFor: SLOT,
      ...(from === 'published' ? { publishedAt: CLAIMED_AT } : {}),
    };
    const { data } = await contentEntity()
      .create({
        ...post,
        campaignId: randomUUID(),
        platform: 'twitter',
        content: 'The first text',
        generation: { source: 'offline' },
        publishAttempt: 1,
        publishingSince: CLAIMED_AT,
        ...expectedPlace(post),
      })
      .go();
    return data;
  };

  it.each(allowed)('%s from %s keeps the post in its place on the timeline', async (name, from) => {
    const post = await postOnTimeline(from);
    expect(await placeOnTimeline(post)).toEqual(expectedPlace(post));
    await applyTransition(name, post, DETAILS[name]);
    const moved = (await stored(post))!;
    expect(await placeOnTimeline(moved)).toEqual(expectedPlace(moved));
  });

  it('writes a new draft in the review lane, with the pointer from its id to its campaign', async () => {
    const post = await createDraft({
      companyId: randomUUID(),
      campaignId: randomUUID(),
      contentId: newTimeOrderedId(Date.parse(CREATED_AT)),
      platform: 'linkedin',
      content: 'A new draft',
      generation: { source: 'offline' },
    });
    expect(post).toMatchObject({ status: 'draft', version: 1, content: 'A new draft' });
    expect(await stored(post)).toEqual(post);
    expect(await placeOnTimeline(post)).toEqual({
      timelineLane: `${post.companyId}#review`,
      timelinePlace: `${CREATED_AT}#${post.contentId}`,
    });
    const { data: ref } = await contentRefEntity()
      .get({ companyId: post.companyId, contentId: post.contentId })
      .go({ consistent: true });
    expect(ref?.campaignId).toBe(post.campaignId);
  });

  it('moves a post inside a transaction, which its condition cancels by name', async () => {
    const post = await postIn('approved');
    const slotWith = () =>
      writeTransaction(
        { contents: contentEntity(), counters: counterEntity() },
        ({ counters }) => ({
          post: transitionItem('slot', keyOf(post), DETAILS.slot),
          counter: counters
            .update({ name: `slots#${post.contentId}` })
            .add({ total: 1 })
            .commit(),
        }),
      );

    expect(await slotWith()).toEqual({ committed: true });
    const slotted = await stored(post);
    expect(slotted).toMatchObject({ status: 'scheduled', scheduledFor: SLOT });

    const again = await slotWith();
    expect(again.committed).toBe(false);
    if (again.committed) return;
    expect([...again.failedConditions]).toEqual(['post']);
    expect(await stored(post)).toEqual(slotted);
    const { data: counter } = await counterEntity()
      .get({ name: `slots#${post.contentId}` })
      .go({ consistent: true });
    expect(counter?.total).toBe(1);
  });
});
