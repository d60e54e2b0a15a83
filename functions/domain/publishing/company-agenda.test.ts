import { describe, expect, it } from 'vitest';
import { postPreview } from './company-agenda';

describe('postPreview', () => {
  it('keeps a short post whole, on one line', () => {
    expect(postPreview('  Fresh sourdough\nevery Friday.  ')).toBe('Fresh sourdough every Friday.');
  });

  it('cuts a long post at a word, without a stop before the ellipsis', () => {
    const words = 'Fresh roast daily at the harbor, small batches, every morning';
    expect(
      postPreview(`${words}. Tell us yours, and what you pair it with on a slow Sunday.`),
    ).toBe(`${words}. Tell us yours…`);
    // The cut falls after "end." (80 characters reach into the next word).
    expect(postPreview(`${'word '.repeat(14)}end. Afterwards more`)).toBe(
      `${'word '.repeat(14)}end…`,
    );
  });

  it('cuts one very long word where it must', () => {
    expect(postPreview('a'.repeat(100))).toBe(`${'a'.repeat(80)}…`);
  });
});
