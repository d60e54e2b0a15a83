import { describe, expect, it } from 'vitest';
import { closesItself, staffMaySet, statusAfterReply } from './ticket-status';

describe('statusAfterReply', () => {
  it.each([
    ['open', 'owner', 'open'],
    ['open', 'staff', 'in_progress'],
    ['in_progress', 'owner', 'in_progress'],
    ['in_progress', 'staff', 'in_progress'],
    ['resolved', 'owner', 'open'],
    ['resolved', 'staff', 'resolved'],
    ['closed', 'owner', null],
    ['closed', 'staff', null],
  ] as const)('a reply to %s by %s leaves it %s', (status, author, after) => {
    expect(statusAfterReply(status, author)).toBe(after);
  });
});

describe('staffMaySet', () => {
  it('lets staff move a ticket anywhere until it is closed, and never out of closed', () => {
    expect(staffMaySet('open', 'resolved')).toBe(true);
    expect(staffMaySet('resolved', 'open')).toBe(true);
    expect(staffMaySet('in_progress', 'closed')).toBe(true);
    expect(staffMaySet('closed', 'open')).toBe(false);
    expect(staffMaySet('closed', 'resolved')).toBe(false);
    expect(staffMaySet('closed', 'closed')).toBe(true);
  });
});

describe('closesItself', () => {
  it('closes only a ticket that is still resolved', () => {
    expect(closesItself('resolved')).toBe(true);
    expect(closesItself('open')).toBe(false);
    expect(closesItself('closed')).toBe(false);
  });
});
