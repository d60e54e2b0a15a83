import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLocalTable } from '#test/support/local-table';
import { campaignEntity } from './entities/campaign';
import { INVALID_CURSOR, readPage, toElectroCursor } from './paging';

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
