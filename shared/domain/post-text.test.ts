import { describe, expect, it } from 'vitest';
import { postTextLength } from './post-text';

describe('postTextLength', () => {
  it('counts X text as X does: URLs weigh 23, CJK and emoji 2', () => {
    expect(postTextLength('twitter', 'hello').length).toBe(5);
    expect(postTextLength('twitter', 'see https://example.com/a/very/long/path?x=1').length).toBe(
      4 + 23,
    );
    expect(postTextLength('twitter', '日本').length).toBe(4);
    expect(postTextLength('twitter', '😀').length).toBe(2);
  });

  it('allows 280 weighted characters on X and no more', () => {
    expect(postTextLength('twitter', 'a'.repeat(280)).withinLimit).toBe(true);
    expect(postTextLength('twitter', 'a'.repeat(281)).withinLimit).toBe(false);
    expect(postTextLength('twitter', '日'.repeat(141)).withinLimit).toBe(false);
  });

  it('notices a link', () => {
    expect(postTextLength('twitter', 'visit example.com today').hasUrl).toBe(true);
    expect(postTextLength('twitter', 'no link here').hasUrl).toBe(false);
  });

  it('counts LinkedIn text in characters up to 3000', () => {
    expect(postTextLength('linkedin', '😀 hi').length).toBe(4);
    expect(postTextLength('linkedin', 'a'.repeat(3000)).withinLimit).toBe(true);
    expect(postTextLength('linkedin', 'a'.repeat(3001)).withinLimit).toBe(false);
  });

  it('holds Instagram to 2200 characters and 30 hashtags, Facebook to 63206', () => {
    const tags = (count: number) =>
      Array.from({ length: count }, (_, index) => `#tag${index}`).join(' ');
    expect(postTextLength('instagram', tags(30))).toMatchObject({
      hashtags: 30,
      withinLimit: true,
    });
    expect(postTextLength('instagram', tags(31))).toMatchObject({
      hashtags: 31,
      withinLimit: false,
    });
    expect(postTextLength('instagram', 'a'.repeat(2201)).withinLimit).toBe(false);
    expect(postTextLength('facebook', tags(31)).withinLimit).toBe(true);
    expect(postTextLength('facebook', 'a'.repeat(63206)).withinLimit).toBe(true);
    expect(postTextLength('facebook', 'a'.repeat(63207)).withinLimit).toBe(false);
  });
});
