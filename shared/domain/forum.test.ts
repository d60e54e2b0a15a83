import { describe, expect, it } from 'vitest';
import {
  categorySlug,
  editableUntil,
  FORUM_SLUG_PATH_PATTERN,
  forumThreadPath,
  isWithinEditWindow,
} from './forum';

describe('categorySlug', () => {
  it.each([
    ['General', 'general'],
    ['Growth & Marketing!', 'growth-marketing'],
    ['  Tips,   tricks   and  tools  ', 'tips-tricks-and-tools'],
    ["Founders' Lounge", 'founders-lounge'],
    ['Q&A', 'qa'],
    ['Point-of-sale  systems', 'point-of-sale-systems'],
    ['snake_case name', 'snake-case-name'],
    ['2026 Roadmap', '2026-roadmap'],
    ['Café Owners', 'café-owners'],
    ['...', ''],
  ])('%j → %j', (name, slug) => {
    expect(categorySlug(name)).toBe(slug);
  });

  it('gives a slug the path pattern takes, for any name with a letter or digit', () => {
    for (const name of ['General', 'Growth & Marketing!', 'Café Owners', '2026 Roadmap']) {
      expect(FORUM_SLUG_PATH_PATTERN.test(categorySlug(name))).toBe(true);
    }
  });
});

describe('FORUM_SLUG_PATH_PATTERN', () => {
  it.each(['general', 'growth-marketing', 'café-owners', 'a1-b2'])('takes %j', (slug) => {
    expect(FORUM_SLUG_PATH_PATTERN.test(slug)).toBe(true);
  });

  it.each([
    '',
    'General',
    '-general',
    'general-',
    'growth--marketing',
    '../users',
    'a b',
    '\u202Egeneral',
    'x'.repeat(61),
  ])('refuses %j', (slug) => {
    expect(FORUM_SLUG_PATH_PATTERN.test(slug)).toBe(false);
  });
});

describe('the edit window', () => {
  const written = '2026-11-27T10:00:00.000Z';

  it('runs 15 minutes from the post', () => {
    expect(editableUntil(written)).toBe('2026-11-27T10:15:00.000Z');
    expect(isWithinEditWindow(written, Date.parse('2026-11-27T10:14:59.999Z'))).toBe(true);
    expect(isWithinEditWindow(written, Date.parse('2026-11-27T10:15:00.000Z'))).toBe(false);
  });
});

describe('forumThreadPath', () => {
  it('is the thread page under its category', () => {
    expect(forumThreadPath('growth-marketing', 't1')).toBe('/dashboard/forum/growth-marketing/t1');
  });
});
