import { describe, expect, it } from 'vitest';
import { postTextLength } from '#shared/domain/post-text';
import { PLATFORM_IDS } from '#shared/domain/tiers';
import { asksForLink, fitPost, linkAllowed, platformGuidance } from './post-rules';

const tags = (count: number, prefix = 'tag') =>
  Array.from({ length: count }, (_, index) => `#${prefix}${index + 1}`).join(' ');

const onX = (instructions: string) =>
  linkAllowed({ platform: 'twitter', campaign: { contentInstructions: instructions } });

describe('platformGuidance', () => {
  it("states each platform's length, hashtags and tone", () => {
    expect(platformGuidance('twitter')).toMatch(
      /280 characters as X counts them.*punchy.*1–2 hashtags/s,
    );
    expect(platformGuidance('linkedin')).toMatch(
      /3000 characters.*Professional.*line breaks.*3–5 hashtags at the end/s,
    );
    expect(platformGuidance('facebook')).toMatch(/63206 characters.*Conversational/s);
    expect(platformGuidance('instagram')).toMatch(
      /2200 characters.*Hashtags at the end.*never more than 30/s,
    );
  });
});

describe('linkAllowed', () => {
  it('allows a link on LinkedIn and Facebook, not on X unless asked', () => {
    for (const platform of ['linkedin', 'facebook'] as const) {
      expect(linkAllowed({ platform, campaign: { contentInstructions: '' } })).toBe(true);
    }
    expect(onX('')).toBe(false);
    expect(onX('Keep it short and friendly.')).toBe(false);
  });

  it('never allows one on Instagram, where a caption’s links cannot be clicked, even when asked', () => {
    const campaign = { contentInstructions: 'Point people to https://harbor.coffee/autumn' };
    expect(linkAllowed({ platform: 'instagram', campaign })).toBe(false);
    expect(
      fitPost('instagram', 'Autumn blend is here https://harbor.coffee/autumn #coffee', {
        allowLinks: linkAllowed({ platform: 'instagram', campaign }),
      }),
    ).toBe('Autumn blend is here #coffee');
    expect(platformGuidance('instagram')).toContain('"link in bio"');
  });

  it('allows one on X when the instructions give a URL or ask for a link', () => {
    expect(onX('Point people to https://harbor.coffee/autumn')).toBe(true);
    expect(onX('Mention harbor.coffee in every post.')).toBe(true);
    expect(onX('Always include a link to the shop.')).toBe(true);
    expect(onX('Send them to our website.')).toBe(true);
    expect(onX('Add the URL of the booking page.')).toBe(true);
  });

  it('reads "no link" as no link', () => {
    expect(onX('No links, please.')).toBe(false);
    expect(onX("Don't add a link; keep it short.")).toBe(false);
    expect(onX('Write without any link.')).toBe(false);
    expect(asksForLink('No links on X. On LinkedIn, link to the website.')).toBe(true);
  });
});

describe('fitPost', () => {
  it('leaves a text that fits as it is, whitespace aside', () => {
    expect(fitPost('twitter', '  Autumn  is here.\r\n\n\n\n#coffee  ', { allowLinks: false })).toBe(
      'Autumn is here.\n\n#coffee',
    );
    const linkedIn = 'First line.\n\nSecond paragraph, with https://harbor.coffee in it.';
    expect(fitPost('linkedin', linkedIn, { allowLinks: true })).toBe(linkedIn);
  });

  it('removes links where they are not allowed, and what pointed at them', () => {
    expect(
      fitPost('twitter', 'The autumn blend is here! Order now: https://harbor.coffee/autumn', {
        allowLinks: false,
      }),
    ).toBe('The autumn blend is here! Order now');
    expect(
      fitPost('twitter', 'Fresh beans (harbor.coffee) every week.', { allowLinks: false }),
    ).toBe('Fresh beans every week.');
    expect(fitPost('twitter', 'See harbor.coffee', { allowLinks: true })).toBe('See harbor.coffee');
  });

  it('drops hashtags beyond the limit, the last first: a tag list loses tags, a sentence keeps its words', () => {
    const list = `Autumn is here.\n\n${tags(35)}`;
    const fitted = fitPost('instagram', list, { allowLinks: true });
    expect(postTextLength('instagram', fitted).hashtags).toBe(30);
    expect(fitted).toBe(`Autumn is here.\n\n${tags(30)}`);

    const inline = `${tags(29)} and #this in a sentence with #that word.`;
    expect(fitPost('instagram', inline, { allowLinks: true })).toBe(
      `${tags(29)} and #this in a sentence with that word.`,
    );
    // Platforms without a hard limit keep them all.
    expect(
      postTextLength('facebook', fitPost('facebook', tags(40), { allowLinks: true })).hashtags,
    ).toBe(40);
  });

  it('cuts a long text at the last sentence that fits, without an ellipsis', () => {
    const sentence = 'Our autumn blend tastes of caramel and baked apple.';
    const text = Array.from({ length: 10 }, () => sentence).join(' ');
    const fitted = fitPost('twitter', text, { allowLinks: false });
    expect(fitted).toBe(Array.from({ length: 5 }, () => sentence).join(' '));
    expect(postTextLength('twitter', fitted).withinLimit).toBe(true);
  });

  it('cuts at a word with an ellipsis when no sentence boundary keeps enough', () => {
    const text = `Hi. ${'coffee '.repeat(80)}`;
    const fitted = fitPost('twitter', text, { allowLinks: false });
    expect(fitted).toMatch(/^Hi\. (coffee )+coffee…$/);
    expect(postTextLength('twitter', fitted).withinLimit).toBe(true);
    expect(postTextLength('twitter', fitted).length).toBeGreaterThan(270);
  });

  it('keeps a closing tag list when it cuts the text before it', () => {
    const text = `${'We roast every morning. '.repeat(20)}\n\n#coffee #autumn`;
    const fitted = fitPost('twitter', text, { allowLinks: false });
    expect(fitted).toMatch(/morning\.\n\n#coffee #autumn$/);
    expect(postTextLength('twitter', fitted).withinLimit).toBe(true);
  });

  it('counts as X does: CJK and emoji weigh two', () => {
    const text = '秋のブレンドが登場しました。'.repeat(20);
    const fitted = fitPost('twitter', text, { allowLinks: false });
    expect(fitted.endsWith('。')).toBe(true);
    expect(postTextLength('twitter', fitted).withinLimit).toBe(true);
    expect(postTextLength('twitter', fitted).length).toBeGreaterThan(250);

    const emoji = '☕️😀👩‍👩‍👧'.repeat(200);
    const cut = fitPost('twitter', emoji, { allowLinks: false });
    expect(postTextLength('twitter', cut).withinLimit).toBe(true);
    expect(cut.endsWith('…')).toBe(true);
    // Whole emoji only: no half of a ZWJ sequence or a surrogate pair.
    const kept = cut.slice(0, -1);
    const graphemeEnds = [
      ...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(emoji.slice(0, 2000)),
    ].map(({ index, segment }) => index + segment.length);
    expect(emoji.startsWith(kept)).toBe(true);
    expect(graphemeEnds).toContain(kept.length);
  });

  it('is never empty when there were words, even one word longer than the limit', () => {
    const fitted = fitPost('twitter', 'a'.repeat(1000), { allowLinks: false });
    expect(fitted).toMatch(/^a+…$/);
    expect(postTextLength('twitter', fitted).withinLimit).toBe(true);
    expect(fitPost('linkedin', 'x'.repeat(5000), { allowLinks: true }).length).toBe(3000);
  });

  it('always gives a text each platform takes', () => {
    const texts = [
      'word '.repeat(20_000),
      `${'Visit harbor.coffee now. '.repeat(30)}${tags(40)}`,
      '日本語のテキスト😀 '.repeat(400),
      `${'x'.repeat(300)} https://example.com/${'y'.repeat(200)}`,
    ];
    for (const platform of PLATFORM_IDS) {
      for (const text of texts) {
        for (const allowLinks of [true, false]) {
          const fitted = fitPost(platform, text, { allowLinks });
          const length = postTextLength(platform, fitted);
          expect(fitted).not.toBe('');
          expect(length.withinLimit).toBe(true);
          if (!allowLinks) expect(length.hasUrl).toBe(false);
        }
      }
    }
  });
});
