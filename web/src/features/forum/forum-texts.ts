/** What the forum's screens say, in the specification's words where it has them. */
export const FORUM_TEXTS = {
  voteFailed: 'Failed to vote',
  loadThreadFailed: 'Failed to load thread',
  loadCategoryFailed: 'Failed to load category',
  invalidResponse: 'Invalid response format from server',
  createThreadFailed: 'Failed to create thread',
  loadCategoriesFailed: 'Failed to load categories',
  loadTopFailed: 'Failed to load top discussions',
} as const;

/** How long a refused vote's message stays beside the item. */
export const VOTE_MESSAGE_MS = 3000;
