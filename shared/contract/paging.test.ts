import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { pageOf, pageQuery } from './paging';

describe('pageQuery', () => {
  it('takes 20 items by default and at most 100', () => {
    expect(pageQuery.parse({})).toEqual({ limit: 20 });
    expect(pageQuery.parse({ limit: '100', cursor: 'abc' })).toEqual({ limit: 100, cursor: 'abc' });
    for (const limit of ['0', '101', '2.5']) {
      expect(pageQuery.safeParse({ limit }).error?.issues[0]?.message).toBe(
        'limit must be between 1 and 100',
      );
    }
    expect(pageQuery.safeParse({ limit: 'ten' }).error?.issues[0]?.message).toBe(
      'limit must be a number',
    );
    expect(pageQuery.safeParse({ cursor: '' }).success).toBe(false);
  });
});

describe('pageOf', () => {
  it('answers { data, nextCursor }, the cursor null after the last page', () => {
    const page = pageOf(z.object({ id: z.string() }));
    expect(page.parse({ data: [{ id: 'a' }], nextCursor: null })).toEqual({
      data: [{ id: 'a' }],
      nextCursor: null,
    });
    expect(page.safeParse({ data: [] }).success).toBe(false);
  });
});
