import { describe, expect, it } from 'vitest';
import { draftDigestText, QUOTED_POST_MAX, shortenForText, type DigestItem } from './draft-text';

const item = (overrides: Partial<DigestItem> = {}): DigestItem => ({
  number: 1,
  companyId: 'c1',
  campaignId: 'k1',
  contentId: 'p1',
  platform: 'twitter',
  campaignName: 'Spring menu',
  text: 'Fresh roast every morning at Harbor Coffee. #coffee',
  ...overrides,
});

describe('shortenForText', () => {
  it('keeps a short post whole, on one line', () => {
    expect(shortenForText('Fresh roast.\n\nCome by!')).toBe('Fresh roast. Come by!');
  });

  it('cuts a long post at a word, within the limit, and says so', () => {
    const long = 'word '.repeat(60);
    const short = shortenForText(long);
    expect([...short].length).toBeLessThanOrEqual(QUOTED_POST_MAX);
    expect(short.endsWith('word…')).toBe(true);
  });

  it('counts emoji as one character each and never splits one', () => {
    const short = shortenForText('☕'.repeat(200), 10);
    expect([...short]).toHaveLength(10);
    expect(short).toBe(`${'☕'.repeat(9)}…`);
  });
});

describe('draftDigestText', () => {
  it('names the campaign, the platform, the post and how to reply by number', () => {
    const text = draftDigestText([item()], 'https://app.test/x#content');
    expect(text).toContain('X (Twitter) draft for "Spring menu"');
    expect(text).toContain('"Fresh roast every morning at Harbor Coffee. #coffee"');
    expect(text).toContain('Review: https://app.test/x#content');
    expect(text).toContain(
      'Reply 1 YES to approve, 1 NO to reject, or 1 and the changes you want.',
    );
  });

  it('numbers several drafts', () => {
    const text = draftDigestText(
      [item(), item({ number: 2, platform: 'linkedin', campaignName: 'Autumn' })],
      'https://app.test',
    );
    expect(text).toContain('2 new drafts');
    expect(text).toContain('1) X (Twitter), "Spring menu"');
    expect(text).toContain('2) LinkedIn, "Autumn"');
    expect(text).toContain('2 YES');
  });

  it('tells of a post that failed: why, its first words, and RETRY or SKIP by number', () => {
    const text = draftDigestText(
      [item({ reason: 'The platform was unavailable each time we tried. Retry later.' })],
      'https://app.test',
      'failed',
    );
    expect(text).toContain('your X (Twitter) post for "Spring menu" was not published.');
    expect(text).toContain('unavailable each time');
    expect(text).toContain('"Fresh roast every morning at Harbor Coffee. #coffee"');
    expect(text).toContain('Reply RETRY 1 to try again, or SKIP 1 to drop it.');
  });
});
