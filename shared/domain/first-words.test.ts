import { describe, expect, it } from 'vitest';
import { firstWords } from './first-words';

describe('firstWords', () => {
  it('keeps a short text whole, on one line', () => {
    expect(firstWords('Fresh roast.\n\nCome by!', 120)).toBe('Fresh roast. Come by!');
  });

  it('cuts a long text at a word, within the limit, and says so', () => {
    const short = firstWords('word '.repeat(60), 120);
    expect([...short].length).toBeLessThanOrEqual(120);
    expect(short.endsWith('word…')).toBe(true);
  });

  it('takes the ellipsis it is given, within the limit', () => {
    expect(firstWords('Fresh sourdough every morning', 20, '...')).toBe('Fresh sourdough...');
  });

  it('counts emoji as one character each and never splits one', () => {
    const short = firstWords('☕'.repeat(200), 10);
    expect([...short]).toHaveLength(10);
    expect(short).toBe(`${'☕'.repeat(9)}…`);
  });

  it('cuts inside a word only when the first word alone is longer than half the limit', () => {
    expect(firstWords(`${'a'.repeat(30)} b`, 20)).toBe(`${'a'.repeat(19)}…`);
  });
});
