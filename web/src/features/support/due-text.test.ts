import { describe, expect, it } from 'vitest';
import { dueText, isOverdue, sinceText } from './due-text';

const NOW = new Date('2026-11-27T12:00:00.000Z');
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

describe('dueText', () => {
  it.each([
    [3 * 60, 'due in 3 h'],
    [3 * 60 + 59, 'due in 3 h'],
    [45, 'due in 45 min'],
    [1, 'due in 1 min'],
    [24 * 60, 'due in 1 d'],
    [26 * 60 + 30, 'due in 1 d 2 h'],
    [0, 'overdue'],
    [-90, 'overdue'],
  ])('%i minutes left reads "%s"', (minutes, text) => {
    expect(dueText(later(minutes), NOW)).toBe(text);
  });

  it('says overdue exactly when isOverdue does', () => {
    expect(isOverdue(later(1), NOW)).toBe(false);
    expect(isOverdue(later(0), NOW)).toBe(true);
  });
});

describe('sinceText', () => {
  it('says how long ago a ticket moved', () => {
    expect(sinceText(later(-30), NOW)).toBe('30 minutes ago');
    expect(sinceText(later(-2 * 24 * 60), NOW)).toBe('2 days ago');
    expect(sinceText(later(0), NOW)).toBe('just now');
  });
});
