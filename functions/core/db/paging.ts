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

/** What an ElectroDB query's `.params()` says of its key condition (the names ElectroDB gives). */
export interface KeyConditionParams {
  KeyConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

/**
 * Refuses a cursor whose key lies outside the query's key condition: a well-formed key of another
 * list (another company's, another window's) would otherwise start the read somewhere the caller
 * did not ask for. Understands ElectroDB's conditions: the partition, and its sort key's
 * `BETWEEN` or `begins_with`.
 */
export const checkCursorOf = (cursor: string | undefined, params: KeyConditionParams): void => {
  if (toElectroCursor(cursor) === undefined) return;
  const key = JSON.parse(Buffer.from(cursor!, 'base64url').toString('utf8')) as Record<
    string,
    string
  >;
  const names = params.ExpressionAttributeNames ?? {};
  const values = params.ExpressionAttributeValues ?? {};
  const condition = params.KeyConditionExpression ?? '';
  const partition = key[names['#pk'] ?? ''];
  const sort = key[names['#sk1'] ?? ''] ?? '';
  const low = values[':sk1'];
  const high = values[':sk2'];
  const inRange = condition.includes('BETWEEN')
    ? typeof low === 'string' && typeof high === 'string' && sort >= low && sort <= high
    : condition.includes('begins_with')
      ? typeof low === 'string' && sort.startsWith(low)
      : true;
  if (partition !== values[':pk'] || !inRange) throw invalidCursor();
};

/** An ElectroDB query, before `.go()`, asked for a few reads and for the items' keys. */
interface CappedQuery<T> {
  go(options: {
    limit: number;
    pages: number;
    data: 'includeKeys';
    cursor?: string;
  }): Promise<{ data: T[]; cursor: string | null }>;
}

/**
 * One page of a filtered query in at most `reads` queries of at most `readLimit` items each, so a
 * page costs the same however few items pass the filter: a page may hold fewer than `limit` items
 * and still have a next one. When more items passed than the page holds, the next page starts
 * after its last item (`keyOf`: that item's keys in the queried index and the table).
 */
export const readCappedPage = async <T extends object>(
  query: CappedQuery<T>,
  page: PageQuery,
  { reads, readLimit, keyOf }: { reads: number; readLimit: number; keyOf: (item: T) => object },
): Promise<Page<T>> => {
  const cursor = toElectroCursor(page.cursor);
  const { data, cursor: next } = await query.go({
    limit: readLimit,
    pages: reads,
    data: 'includeKeys',
    ...(cursor ? { cursor } : {}),
  });
  if (data.length <= page.limit) return { data, nextCursor: next };
  const kept = data.slice(0, page.limit);
  const last = keyOf(kept.at(-1)!);
  return { data: kept, nextCursor: Buffer.from(JSON.stringify(last)).toString('base64url') };
};
