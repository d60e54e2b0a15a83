import * as z from 'zod';

/**
 * Cursor paging for lists: a list reads one page, at most `MAX_PAGE_SIZE` items, and answers the
 * cursor of the next page (`null` after the last). The cursor is opaque to clients: they only
 * hand it back.
 */
const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

const LIMIT_MESSAGE = `limit must be between 1 and ${MAX_PAGE_SIZE}`;

/** `?limit=&cursor=`; merge it into a list's own query (`pageQuery.extend({ status })`). */
export const pageQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(MAX_PAGE_SIZE, LIMIT_MESSAGE)
    .default(DEFAULT_PAGE_SIZE),
  cursor: z
    .string({ error: 'cursor must be text' })
    .min(1, 'cursor must not be empty')
    .max(4096, 'cursor is too long')
    .optional(),
});
export type PageQuery = z.output<typeof pageQuery>;

/** The answer of a list: `{ data, nextCursor }`. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), nextCursor: z.string().nullable() });
export type Page<T> = { data: T[]; nextCursor: string | null };
