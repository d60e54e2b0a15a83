import type { Page, PageQuery } from '#shared/contract/paging';
import { Invalid } from '../errors';
import { GLOBAL_INDEXES, TABLE_KEYS } from './table';

export const INVALID_CURSOR = 'This cursor does not belong to the list';

/** The attributes a page's last key can name: the table's keys and the indexes' keys. */
const KEY_ATTRIBUTES: ReadonlySet<string> = new Set([
  TABLE_KEYS.partitionKey,
  TABLE_KEYS.sortKey,
  ...GLOBAL_INDEXES.flatMap((index) => [index.partitionKey, index.sortKey]),
]);

const invalidCursor = () =>
  new Invalid('VALIDATION_FAILED', INVALID_CURSOR, { cursor: INVALID_CURSOR });

const isItemKey = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length > 0 &&
  Object.entries(value).every(
    ([name, part]) => KEY_ATTRIBUTES.has(name) && typeof part === 'string',
  );

/**
 * The cursor a client sent, as ElectroDB takes it. Clients get ElectroDB's own cursor — base64url
 * of the page's last key, opaque to them — and may send back anything, so it is checked before it
 * reaches DynamoDB: a cursor that is not base64url JSON of a key of this table is the caller's
 * mistake (VALIDATION_FAILED), not a failure of the server.
 */
export const toElectroCursor = (cursor: string | undefined): string | undefined => {
  if (cursor === undefined) return undefined;
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor();
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!isItemKey(key)) throw invalidCursor();
  return cursor;
};

/** An ElectroDB query, before `.go()`. */
interface PagedQuery<T> {
  go(options: {
    limit?: number;
    count?: number;
    cursor?: string;
  }): Promise<{ data: T[]; cursor: string | null }>;
}

/**
 * One page of a query: at most `limit` items and the cursor of the next page (null after the
 * last). For a query with a filter, `filtered`: DynamoDB's Limit counts the items read before the
 * filter, so ElectroDB is asked for a count instead and reads on until that many pass it.
 */
export const readPage = async <T>(
  query: PagedQuery<T>,
  page: PageQuery,
  { filtered = false }: { filtered?: boolean } = {},
): Promise<Page<T>> => {
  const cursor = toElectroCursor(page.cursor);
  const { data, cursor: next } = await query.go({
    ...(filtered ? { count: page.limit } : { limit: page.limit }),
    ...(cursor ? { cursor } : {}),
  });
  return { data, nextCursor: next };
};
