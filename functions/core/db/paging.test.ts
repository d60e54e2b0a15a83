import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLocalTable } from '#test/support/local-table';
import { campaignEntity } from './entities/campaign';
import { checkCursorOf, INVALID_CURSOR, readCappedPage, readPage, toElectroCursor } from './paging';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('toElectroCursor', () => {
  it('passes no cursor and a cursor that names a key of the table', () => {
    expect(toElectroCursor(undefined)).toBeUndefined();
    const cursor = encode({ pk: 'a', sk: 'b', gsi1pk: 'c', gsi1sk: 'd' });
    expect(toElectroCursor(cursor)).toBe(cursor);
  });

  it.each([
    ['not base64url', 'abc+/=='],
    ['not JSON', Buffer.from('{pk:').toString('base64url')],
    ['a list', encode(['pk'])],
    ['an empty key', encode({})],
    ['a foreign attribute', encode({ pk: 'a', password: 'b' })],
    ['a value that is not text', encode({ pk: 'a', sk: 1 })],
  ])('refuses %s as VALIDATION_FAILED on the cursor', (_, cursor) => {
    expect(() => toElectroCursor(cursor)).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_FAILED',
        message: INVALID_CURSOR,
        fields: { cursor: INVALID_CURSOR },
      }),
    );
  });
});

describe('readPage against DynamoDB Local', () => {
  const companyId = randomUUID();

  useLocalTable();
  beforeAll(async () => {
    await campaignEntity()
      .put(
        Array.from({ length: 5 }, (_, index) => ({
          companyId,
          campaignId: `campaign-${index}`,
          name: `Campaign ${index}`,
          startDate: '2026-01-01',
          endDate: '2026-02-01',
        })),
      )
      .go();
  });

  const query = () => campaignEntity().query.byCompany({ companyId });

  it('reads one page at a time and hands back the cursor of the next until the last', async () => {
    const first = await readPage(query(), { limit: 2 });
    const second = await readPage(query(), { limit: 2, cursor: first.nextCursor! });
    const third = await readPage(query(), { limit: 2, cursor: second.nextCursor! });
    expect([first, second, third].map((page) => page.data.length)).toEqual([2, 2, 1]);
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(third.nextCursor).toBeNull();
    const ids = [first, second, third].flatMap((page) => page.data.map((c) => c.campaignId));
    expect(new Set(ids).size).toBe(5);
  });

  it('refuses a forged cursor before it reaches DynamoDB', async () => {
    await expect(
      readPage(query(), { limit: 2, cursor: encode({ pk: 'a', other: 'b' }) }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('checkCursorOf', () => {
  const names = { '#pk': 'gsi3pk', '#sk1': 'gsi3sk' };
  const window = {
    KeyConditionExpression: '#pk = :pk and #sk1 BETWEEN :sk1 AND :sk2',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: { ':pk': 'lane-a', ':sk1': 'b', ':sk2': 'd' },
  };
  const prefixed = {
    KeyConditionExpression: '#pk = :pk and begins_with(#sk1, :sk1)',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: { ':pk': 'lane-a', ':sk1': 'post_' },
  };
  const at = (gsi3pk: string, gsi3sk: string) => encode({ pk: 'p', sk: 's', gsi3pk, gsi3sk });

  it('passes no cursor, and one whose key is inside the condition', () => {
    expect(() => checkCursorOf(undefined, window)).not.toThrow();
    expect(() => checkCursorOf(at('lane-a', 'c#1'), window)).not.toThrow();
    expect(() => checkCursorOf(at('lane-a', 'post_1'), prefixed)).not.toThrow();
  });

  it.each([
    ['another partition', at('lane-b', 'c#1'), window],
    ['a key before the range', at('lane-a', 'a#1'), window],
    ['a key after the range', at('lane-a', 'd#1'), window],
    ['a key of another prefix', at('lane-a', 'other_1'), prefixed],
    ['a key of another index', encode({ pk: 'lane-a', sk: 'c#1' }), window],
  ])('refuses %s', (_, cursor, params) => {
    expect(() => checkCursorOf(cursor, params)).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED', fields: { cursor: INVALID_CURSOR } }),
    );
  });
});

describe('readCappedPage', () => {
  type Item = { id: number; pk: string; sk: string };
  const items: Item[] = Array.from({ length: 7 }, (_, id) => ({ id, pk: 'p', sk: `s${id}` }));
  const keyOf = ({ pk, sk }: Item) => ({ pk, sk });

  /** A query that answers what it was asked for, recording each call's options. */
  const fakeQuery = (answer: { data: Item[]; cursor: string | null }) => {
    const calls: object[] = [];
    return {
      calls,
      go: (options: object) => {
        calls.push(options);
        return Promise.resolve(answer);
      },
    };
  };

  it('asks for its reads, a limit per read and the keys', async () => {
    const query = fakeQuery({ data: items.slice(0, 2), cursor: null });
    const page = await readCappedPage(query, { limit: 5 }, { reads: 2, readLimit: 9, keyOf });
    expect(query.calls).toEqual([{ limit: 9, pages: 2, data: 'includeKeys' }]);
    expect(page).toEqual({ data: items.slice(0, 2), nextCursor: null });
  });

  it('keeps the next cursor of a page that read no more than it holds', async () => {
    const query = fakeQuery({ data: items.slice(0, 3), cursor: 'next' });
    const cursor = encode({ pk: 'p', sk: 's0' });
    const page = await readCappedPage(
      query,
      { limit: 3, cursor },
      { reads: 1, readLimit: 4, keyOf },
    );
    expect(query.calls).toEqual([{ limit: 4, pages: 1, data: 'includeKeys', cursor }]);
    expect(page).toEqual({ data: items.slice(0, 3), nextCursor: 'next' });
  });

  it('ends a page that read more than it holds at its last item', async () => {
    const query = fakeQuery({ data: items, cursor: null });
    const page = await readCappedPage(query, { limit: 4 }, { reads: 1, readLimit: 5, keyOf });
    expect(page.data).toEqual(items.slice(0, 4));
    expect(JSON.parse(Buffer.from(page.nextCursor!, 'base64url').toString('utf8'))).toEqual({
      pk: 'p',
      sk: 's3',
    });
  });
});
