import { describe, expect, it } from 'vitest';
import { firstWords } from '#shared/domain/first-words';
import { DRAFT_TEXT_SEGMENTS } from '#shared/domain/limits';
import { smsSegments } from '../integrations/sms/sms-segments';
import { draftDigestText, QUOTE_MIN_CHARACTERS, type DigestItem } from './draft-text';

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

/** A review link as texts carry it: the app's origin and a short code. */
const LINK = 'https://app.sailpost.com/r/Ab3dE6gH9k';

/** What a text quotes of each post: the text between the quotes after each platform's label. */
const quotesOf = (text: string): string[] =>
  [...text.matchAll(/"([^"\n]*)"\n|: "([^"\n]*)"\n/g)]
    .map((match) => match[2] ?? match[1] ?? '')
    .filter((quote) => quote !== 'Spring menu' && quote !== 'Autumn');

/** A quote cut from the post: its first words, then an ellipsis, and nothing of a word cut. */
const expectCutAtWord = (quote: string, post: string) => {
  const ellipsis = quote.endsWith('...') ? '...' : '…';
  expect(quote.endsWith(ellipsis)).toBe(true);
  const kept = quote.slice(0, -ellipsis.length);
  expect(post.startsWith(kept)).toBe(true);
  expect(post[kept.length]).toBe(' ');
  return kept;
};

// 133 characters: the whole post fits beside the rest of a two-segment text.
const MEDIUM_POST =
  'Fresh roast every morning at Harbor Coffee: our new Ethiopian single origin is in, bright and ' +
  'floral. The first cup is on us, Friday!';
const LONG_POST =
  'Spring is here at Harbor Coffee and so is our new seasonal menu. Try the lavender oat latte, ' +
  'the honey cortado and a cold brew tonic that tastes like summer. Our bakers start at five, so ' +
  'the croissants are still warm when you come in. Bring a friend this week and the second drink ' +
  'is on us. #coffee #spring';

describe('draftDigestText: a new draft', () => {
  it('names the campaign, the platform, the post and how to reply by number', () => {
    const text = draftDigestText([item()], LINK);
    expect(text).toContain('X (Twitter) draft for "Spring menu"');
    expect(text).toContain('"Fresh roast every morning at Harbor Coffee. #coffee"');
    expect(text).toContain(`Review: ${LINK}`);
    expect(text).toContain(
      'Reply 1 YES to approve, 1 NO to reject, or 1 and the changes you want.',
    );
  });

  it('quotes the whole post when the text stays within two segments', () => {
    const text = draftDigestText([item({ text: MEDIUM_POST })], LINK);
    expect(quotesOf(text)).toEqual([MEDIUM_POST]);
    expect(smsSegments(text)).toMatchObject({ encoding: 'gsm-7', segments: 2 });
  });

  it('quotes a post on one line', () => {
    const text = draftDigestText([item({ text: 'Fresh roast.\n\nCome by!' })], LINK);
    expect(quotesOf(text)).toEqual(['Fresh roast. Come by!']);
  });

  it('cuts a longer post at a word, as long as two segments allow, with a GSM-7 ellipsis', () => {
    const text = draftDigestText([item({ text: LONG_POST })], LINK);
    expect(smsSegments(text)).toMatchObject({ encoding: 'gsm-7', segments: DRAFT_TEXT_SEGMENTS });
    const [quote] = quotesOf(text);
    const kept = expectCutAtWord(quote!, LONG_POST);
    expect(quote!.endsWith('...')).toBe(true);
    // One more word would not fit.
    const nextWord = LONG_POST.slice(kept.length).match(/^ \S+/)![0];
    expect(smsSegments(text.replace(kept, `${kept}${nextWord}`)).segments).toBeGreaterThan(2);
  });

  it('cuts before an emoji when that keeps the text in GSM-7 and two segments', () => {
    const post = `${MEDIUM_POST.slice(0, 100)} 🥐 and croissants warm from the oven.`;
    const text = draftDigestText([item({ text: post })], LINK);
    expect(smsSegments(text)).toMatchObject({ encoding: 'gsm-7', segments: 2 });
    const kept = expectCutAtWord(quotesOf(text)[0]!, post);
    expect(kept.length).toBeGreaterThanOrEqual(60);
  });

  it('an emoji at the start makes it UCS-2: the quote fills the fewest segments it can take', () => {
    const post = `🥐 ${LONG_POST}`;
    const text = draftDigestText([item({ text: post })], LINK);
    const size = smsSegments(text);
    expect(size.encoding).toBe('ucs-2');
    const quote = quotesOf(text)[0]!;
    const kept = expectCutAtWord(quote, post);
    expect(quote.endsWith('…')).toBe(true);
    // The shortest quote a text makes already takes this many segments…
    const shortest = firstWords(post, QUOTE_MIN_CHARACTERS);
    expect(shortest.length).toBeLessThan(quote.length);
    expect(smsSegments(text.replace(quote, shortest)).segments).toBe(size.segments);
    // …and one more word would take another.
    const nextWord = post.slice(kept.length).match(/^ \S+/)![0];
    expect(smsSegments(text.replace(kept, `${kept}${nextWord}`)).segments).toBe(size.segments + 1);
  });

  it('says the AI revised a post, with the new version', () => {
    const post = MEDIUM_POST.slice(0, 118);
    const text = draftDigestText([item({ text: post })], LINK, 'revised');
    expect(text).toContain('the AI revised your X (Twitter) post for "Spring menu":');
    expect(quotesOf(text)).toEqual([post]);
  });
});

describe('draftDigestText: several drafts', () => {
  it('numbers them and quotes each whole when the text stays within two segments', () => {
    const text = draftDigestText(
      [item(), item({ number: 2, platform: 'linkedin', campaignName: 'Autumn', text: 'Hi!' })],
      LINK,
    );
    expect(text).toContain('2 new drafts');
    expect(text).toContain('1) X (Twitter), "Spring menu": "Fresh roast every morning');
    expect(text).toContain('2) LinkedIn, "Autumn": "Hi!"');
    expect(text).toContain('2 YES');
    expect(smsSegments(text).segments).toBeLessThanOrEqual(2);
  });

  it('cuts a long post at a word to keep the text within two segments', () => {
    const short = 'New beans on Friday!';
    const text = draftDigestText(
      [item({ text: LONG_POST }), item({ number: 2, platform: 'linkedin', text: short })],
      LINK,
    );
    expect(smsSegments(text)).toMatchObject({ encoding: 'gsm-7', segments: 2 });
    const [first, second] = quotesOf(text);
    expectCutAtWord(first!, LONG_POST);
    expect(second).toBe(short);
  });

  it('cuts every long post to one length, keeping the first words of each, in as few segments as that takes', () => {
    const posts = [LONG_POST, MEDIUM_POST, `${MEDIUM_POST} ${LONG_POST}`];
    const text = draftDigestText(
      posts.map((text, index) => item({ number: index + 1, text })),
      LINK,
    );
    const quotes = quotesOf(text);
    const kept = quotes.map((quote, index) => expectCutAtWord(quote, posts[index]!));
    for (const words of kept) expect(words.length).toBeGreaterThan(QUOTE_MIN_CHARACTERS - 12);
    expect(Math.max(...kept.map((words) => words.length))).toBeLessThanOrEqual(
      Math.min(...kept.map((words) => words.length)) + 12,
    );
    // Two segments cannot hold three recognisable posts; each quote at its shortest takes three.
    const size = smsSegments(text);
    expect(size).toMatchObject({ encoding: 'gsm-7', segments: 3 });
    const shortest = quotes.reduce(
      (shorter, quote, index) =>
        shorter.replace(quote, firstWords(posts[index]!, QUOTE_MIN_CHARACTERS, '...')),
      text,
    );
    expect(smsSegments(shortest).segments).toBe(3);
  });
});

describe('draftDigestText: a post that failed', () => {
  it('tells why, quotes the post, and offers RETRY or SKIP by number', () => {
    const text = draftDigestText(
      [
        item({
          text: MEDIUM_POST,
          reason: 'X was unavailable each time we tried.',
        }),
      ],
      LINK,
      'failed',
    );
    expect(text).toContain('your X (Twitter) post for "Spring menu" was not published.');
    expect(text).toContain('X was unavailable each time we tried.');
    expect(text).toContain('Reply RETRY 1 to try again, or SKIP 1 to drop it.');
    expect(quotesOf(text)).toEqual([MEDIUM_POST]);
    expect(smsSegments(text).segments).toBeLessThanOrEqual(2);
  });

  it('cuts a long post at a word within two segments', () => {
    const text = draftDigestText(
      [item({ text: LONG_POST, reason: 'X refused the post.' })],
      LINK,
      'failed',
    );
    expect(smsSegments(text).segments).toBe(2);
    expectCutAtWord(quotesOf(text)[0]!, LONG_POST);
  });
});
