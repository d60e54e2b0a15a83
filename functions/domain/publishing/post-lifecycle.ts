import {
  REVIEWABLE_STATUSES,
  timelineLaneOf,
  type ActedVia,
  type ContentStatus,
  type ModifyAspect,
  type TimelineLane,
} from '#shared/domain/content';
import { isConditionFailure } from '../../core/db/conditions';
import { contentEntity, type ContentRecord } from '../../core/db/entities/content';
import { contentRefEntity } from '../../core/db/entities/content-ref';
import {
  asTransactionItem,
  TransactionCancelled,
  writeTransaction,
} from '../../core/db/transaction';
import { timeOfOrderedId } from '../../core/ids';

/**
 * A post's life, and the one place its status is written. A post is born a draft; the owner
 * reviews it (approves, rejects, asks the AI for changes or edits it directly); an approved post
 * takes a slot, the publisher claims it at its slot and records what became of it; a failed post
 * is retried or skipped. Every move is one of POST_TRANSITIONS, written as a conditional write
 * that holds only while the post is in one of the statuses the move leaves from — so two moves
 * racing for one post never both land — together with its history entry.
 */

/** Attributes a move removes because they mean nothing in the status it moves to. */
type ClearedField = 'scheduledFor' | 'publishingSince' | 'publishError' | 'slotReason';

interface TransitionRule {
  /** The statuses the move leaves from: the write's condition. */
  readonly from: readonly ContentStatus[];
  readonly to: ContentStatus;
  readonly clears?: readonly ClearedField[];
  /** The move gives the post a new text: its version moves on. */
  readonly newVersion?: true;
  /** What the post's history records of the move (a move without one is not on the history). */
  readonly history?: { readonly status: ContentStatus; readonly comment?: string };
}

/** Every move a post can make; nothing else writes its status. */
export const POST_TRANSITIONS = {
  /** The owner's review (in the app or by a text reply). */
  approve: { from: REVIEWABLE_STATUSES, to: 'approved', history: { status: 'approved' } },
  reject: { from: REVIEWABLE_STATUSES, to: 'rejected', history: { status: 'rejected' } },
  /** Sent back to the AI with the owner's feedback; the revision's generation is written with it. */
  askRevision: { from: REVIEWABLE_STATUSES, to: 'modify', history: { status: 'modify' } },
  /** The owner's own text: a new version, to review again. */
  editDirectly: {
    from: REVIEWABLE_STATUSES,
    to: 'draft',
    newVersion: true,
    history: { status: 'modify', comment: 'Edited directly' },
  },
  /** The AI's revision of the version it was asked to change. */
  revised: {
    from: ['modify'],
    to: 'draft',
    newVersion: true,
    history: { status: 'draft', comment: 'Revised by the AI' },
  },
  /** Into a free slot of its campaign (the slot's claim is written with it). */
  slot: { from: ['approved'], to: 'scheduled' },
  /** Out of its slot, to wait for its campaign to run again. */
  unslot: { from: ['scheduled'], to: 'approved', clears: ['scheduledFor', 'slotReason'] },
  /** To another slot, or to now, under the next attempt (the owner's choice: no reason to show). */
  move: { from: ['scheduled'], to: 'scheduled', clears: ['slotReason'] },
  /** The publisher takes it for an attempt before anything is sent. */
  claim: { from: ['scheduled'], to: 'publishing' },
  publish: { from: ['publishing'], to: 'published', clears: ['publishingSince', 'publishError'] },
  fail: { from: ['publishing'], to: 'failed', clears: ['publishingSince'] },
  /** The provider certainly did not take it: scheduled again for the next attempt. */
  retryLater: { from: ['publishing'], to: 'scheduled', clears: ['publishingSince'] },
  /** Given back before anything was sent, for the same attempt to claim again. */
  release: { from: ['publishing'], to: 'scheduled', clears: ['publishingSince'] },
  /** The owner's RETRY of a failed post: approved again, to take a slot. */
  retry: {
    from: ['failed'],
    to: 'approved',
    clears: ['publishError', 'scheduledFor', 'publishingSince', 'slotReason'],
    history: { status: 'approved', comment: 'Publishing retried' },
  },
  /** The owner's SKIP of a failed post. */
  skip: {
    from: ['failed'],
    to: 'rejected',
    history: { status: 'rejected', comment: 'Publishing skipped' },
  },
  /**
   * The owner's Undo of an approval, before the publisher took the post: a draft again, out of
   * its slot (the claim and schedule go with it, as when unslotted).
   */
  undoApproval: {
    from: ['approved', 'scheduled'],
    to: 'draft',
    clears: ['scheduledFor', 'slotReason'],
    history: { status: 'draft', comment: 'Approval undone' },
  },
  /** The owner's Undo of a rejection: a draft again, to review. */
  undoRejection: {
    from: ['rejected'],
    to: 'draft',
    history: { status: 'draft', comment: 'Rejection undone' },
  },
} as const satisfies Record<string, TransitionRule>;

export type PostTransition = keyof typeof POST_TRANSITIONS;

/** What a move may set besides the status (the status, and the timeline, are the table's alone). */
type PostFields = Partial<
  Pick<
    ContentRecord,
    | 'content'
    | 'imageIds'
    | 'revisionId'
    | 'scheduledFor'
    | 'slotReason'
    | 'publishAttempt'
    | 'publishingSince'
    | 'publishError'
    | 'publishedAt'
    | 'postUrl'
    | 'providerPostId'
  >
>;

type PostPatch = ReturnType<ReturnType<ReturnType<typeof contentEntity>['patch']>['set']>;
/** A condition on the post besides its status: the version, attempt or claim the caller read. */
export type PostCondition = Parameters<PostPatch['where']>[0];

export interface TransitionDetails {
  set?: PostFields;
  where?: PostCondition;
  /** The owner's words on the history (feedback); the table's own comment otherwise. */
  comment?: string | undefined;
  modifyAspects?: ModifyAspect[] | undefined;
  /** Where the owner acted; the product's own moves (the AI, the publisher) name none. */
  via?: ActedVia | undefined;
}

/**
 * The post is still as the caller read it: the same version (no revision or edit landed since)
 * and the same pending revision — so of two reviews of one post, only one applies.
 */
export const unchangedSince =
  (post: Pick<ContentRecord, 'version' | 'revisionId'>): PostCondition =>
  ({ version, revisionId }, { eq, notExists }) =>
    `${eq(version, post.version)} AND ${
      post.revisionId === undefined ? notExists(revisionId) : eq(revisionId, post.revisionId)
    }`;

/** The post moved: its key, and its status when the caller has read it. */
export type PostRef = Pick<ContentRecord, 'companyId' | 'campaignId' | 'contentId'> & {
  status?: ContentStatus;
};

/** A move the table does not allow, refused before anything is written: a bug in the caller. */
export class TransitionNotAllowed extends Error {
  override name = 'TransitionNotAllowed';
}

const ruleOf = (name: PostTransition, post: PostRef): TransitionRule => {
  const rule: TransitionRule | undefined = Object.hasOwn(POST_TRANSITIONS, name)
    ? POST_TRANSITIONS[name]
    : undefined;
  if (!rule) throw new TransitionNotAllowed(`A post has no move "${String(name)}"`);
  if (post.status !== undefined && !rule.from.includes(post.status)) {
    throw new TransitionNotAllowed(`A ${post.status} post cannot ${name}`);
  }
  return rule;
};

/*
 * The post's place on its company's timeline (content.ts, gsi3), which the company-wide lists read:
 * written by the very write that moves the post, so no move can leave it behind.
 */

/** The index's partition for one lane of a company's timeline. */
export const timelineLaneKey = (companyId: string, lane: TimelineLane): string =>
  `${companyId}#${lane}`;

/** The post's two hidden attributes that key the index (the reads never return them). */
interface TimelinePlace {
  timelineLane: string;
  timelinePlace: string;
}

const placeAt = (
  post: Pick<ContentRecord, 'companyId' | 'contentId'>,
  lane: TimelineLane,
  at: string,
): TimelinePlace => ({
  timelineLane: timelineLaneKey(post.companyId, lane),
  timelinePlace: `${at}#${post.contentId}`,
});

/**
 * Where a post in this state stands on the timeline: waiting for review, at when it was written
 * (its id's time); scheduled, publishing or failed, at its slot (a failed post where the owner
 * expected it); published, at when it went out. Null for a post on no lane.
 */
export const timelinePlaceOf = (
  post: Pick<ContentRecord, 'companyId' | 'contentId' | 'status' | 'scheduledFor' | 'publishedAt'>,
): TimelinePlace | null => {
  const lane = timelineLaneOf(post.status);
  if (!lane) return null;
  const at =
    lane === 'review' ? timeOfOrderedId(post.contentId) : (post.publishedAt ?? post.scheduledFor);
  return at ? placeAt(post, lane, at) : null;
};

/**
 * What a move does to the post's place: a post moving to review or to a new time gets its new
 * place; one that keeps its time (claimed, failed, given back) stays where it is; one leaving the
 * timeline (approved, rejected) leaves its lane.
 */
const timelineChange = (
  name: PostTransition,
  rule: TransitionRule,
  post: PostRef,
  set: PostFields = {},
): { set: TimelinePlace } | { remove: true } | null => {
  const lane = timelineLaneOf(rule.to);
  if (!lane) return { remove: true };
  if (lane === 'review') return { set: placeAt(post, lane, timeOfOrderedId(post.contentId)) };
  const at = set.publishedAt ?? set.scheduledFor;
  if (at) return { set: placeAt(post, lane, at) };
  if (rule.from.every((status) => timelineLaneOf(status) === 'timed')) return null;
  throw new TransitionNotAllowed(`${name} gives a post a time on the calendar without saying when`);
};

const historyEntry = (
  history: NonNullable<TransitionRule['history']>,
  { comment = history.comment, modifyAspects, via }: TransitionDetails,
) => ({
  date: new Date().toISOString(),
  status: history.status,
  ...(comment ? { comment } : {}),
  ...(modifyAspects?.length ? { modifyAspects } : {}),
  // The app is the default, left off the history.
  ...(via === 'sms' ? { via } : {}),
});

/** The move as one conditional write: status, fields, version and history together. */
const transitionWrite = (name: PostTransition, post: PostRef, details: TransitionDetails) => {
  const rule = ruleOf(name, post);
  if (details.set && 'status' in details.set) {
    throw new TransitionNotAllowed(`${name} may not set the status itself`);
  }
  const key = { companyId: post.companyId, campaignId: post.campaignId, contentId: post.contentId };
  const place = timelineChange(name, rule, post, details.set);
  let write = contentEntity()
    .patch(key)
    .set({ ...details.set, status: rule.to, ...(place && 'set' in place ? place.set : {}) });
  const cleared = [
    ...(rule.clears ?? []),
    ...(place && 'remove' in place ? (['timelineLane', 'timelinePlace'] as const) : []),
  ];
  if (cleared.length) write = write.remove(cleared);
  if (rule.newVersion) write = write.add({ version: 1 });
  if (rule.history) {
    write = write.append({ modificationHistory: [historyEntry(rule.history, details)] });
  }
  return write.where((attributes, operations) => {
    const statuses = rule.from
      .map((status) => operations.eq(attributes.status, status))
      .join(' OR ');
    const extra = details.where?.(attributes, operations);
    return extra ? `(${statuses}) AND (${extra})` : statuses;
  });
};

/**
 * Moves the post, only while it is in a status the move leaves from and `details.where` holds.
 * Answers the post as it now is, or null when the condition did not hold (another move came
 * first), nothing written.
 */
export const applyTransition = async (
  name: PostTransition,
  post: PostRef,
  details: TransitionDetails = {},
): Promise<ContentRecord | null> => {
  const write = transitionWrite(name, post, details);
  try {
    const { data } = await write.go({ response: 'all_new' });
    return data as ContentRecord;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
};

/**
 * The same move as a write of a transaction (`writeTransaction`), for a post written together
 * with other items: its condition failing cancels the transaction under the write's name.
 */
export const transitionItem = (
  name: PostTransition,
  post: PostRef,
  details: TransitionDetails = {},
): object => asTransactionItem(transitionWrite(name, post, details));

/** What a new post is made of; it is born a draft. */
export type NewPost = Omit<
  Parameters<ReturnType<typeof contentEntity>['create']>[0],
  'status' | 'modificationHistory' | 'version' | keyof TimelinePlace
>;

/**
 * A new post, a draft waiting for review, and the pointer from its id to its campaign
 * (content-ref.ts), as the named writes of a transaction: `post` fails when the id is taken.
 */
export const draftWrites = (post: NewPost): { post: object; postRef: object } => ({
  post: asTransactionItem(
    contentEntity().create({
      ...post,
      status: 'draft',
      ...timelinePlaceOf({ ...post, status: 'draft' }),
    }),
  ),
  postRef: asTransactionItem(
    contentRefEntity().put({
      companyId: post.companyId,
      contentId: post.contentId,
      campaignId: post.campaignId,
    }),
  ),
});

/** Writes a new post, a draft, with its pointer. */
export const createDraft = async (post: NewPost): Promise<ContentRecord> => {
  const writes = draftWrites(post);
  const outcome = await writeTransaction(
    { contents: contentEntity(), refs: contentRefEntity() },
    () => writes,
  );
  if (!outcome.committed) throw new TransactionCancelled('The draft was not written', outcome);
  const { Item } = (writes.post as { Put: { Item: Record<string, unknown> } }).Put;
  return contentEntity().parse({ Item }).data!;
};
