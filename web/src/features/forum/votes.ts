import type { ForumVoteType } from '#shared/domain/forum';

export type VoteType = ForumVoteType;
/** The signed-in person's vote on an item; null when they have none. */
export type MyVote = VoteType | null;

/**
 * What a vote does to an item's count and to one's own vote: the same way again takes it back,
 * the other way switches it (a move of two), a first vote adds one.
 */
export const afterVote = (
  { count, myVote }: { count: number; myVote: MyVote },
  type: VoteType,
): { count: number; myVote: MyVote } => {
  const weight = (vote: MyVote) => (vote === 'up' ? 1 : vote === 'down' ? -1 : 0);
  const next: MyVote = myVote === type ? null : type;
  return { count: count - weight(myVote) + weight(next), myVote: next };
};
