import { forumThreadPath } from '#shared/domain/forum';

export const FORUM_PATH = '/dashboard/forum';

export const categoryPath = (slug: string): string => `${FORUM_PATH}/${encodeURIComponent(slug)}`;

export const threadPath = forumThreadPath;

/** "Maya Lopez": how the forum names a person. */
export const authorName = (author: { firstName: string; lastName: string }): string =>
  `${author.firstName} ${author.lastName}`.trim();

/** "12 replies", "1 reply". */
export const countText = (count: number, one: string, many: string): string =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
