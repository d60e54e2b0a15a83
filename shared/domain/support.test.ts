import { describe, expect, it } from 'vitest';
import { firstResponseDueAt, sniffSupportAttachmentType, supportTicketPath } from './support';

// 2026-11-27 is a Friday.
describe('firstResponseDueAt', () => {
  it.each([
    ['urgent', '2026-11-27T15:00:00.000Z', '2026-11-27T16:00:00.000Z'],
    ['high', '2026-11-27T22:30:00.000Z', '2026-11-28T02:30:00.000Z'],
    // Clock hours for urgent and high, weekend included.
    ['urgent', '2026-11-28T10:00:00.000Z', '2026-11-28T11:00:00.000Z'],
  ] as const)('gives %s tickets clock hours (%s → %s)', (priority, created, due) => {
    expect(firstResponseDueAt(created, priority)).toBe(due);
  });

  it.each([
    // A weekday to the next.
    ['medium', '2026-11-25T09:00:00.000Z', '2026-11-26T09:00:00.000Z'],
    // Friday afternoon to Monday afternoon: the weekend does not count.
    ['medium', '2026-11-27T15:00:00.000Z', '2026-11-30T15:00:00.000Z'],
    // Opened on Saturday: the clock starts on Monday at midnight.
    ['medium', '2026-11-28T10:00:00.000Z', '2026-12-01T00:00:00.000Z'],
    ['medium', '2026-11-29T23:59:00.000Z', '2026-12-01T00:00:00.000Z'],
    // Two business days from Thursday: Friday and Monday.
    ['low', '2026-11-26T12:00:00.000Z', '2026-11-30T12:00:00.000Z'],
    ['low', '2026-11-27T08:00:00.000Z', '2026-12-01T08:00:00.000Z'],
  ] as const)('gives %s tickets business days (%s → %s)', (priority, created, due) => {
    expect(firstResponseDueAt(created, priority)).toBe(due);
  });

  it('refuses what is no instant', () => {
    expect(() => firstResponseDueAt('yesterday', 'medium')).toThrow();
  });
});

describe('sniffSupportAttachmentType', () => {
  it('knows a PDF, images, and nothing else', () => {
    expect(sniffSupportAttachmentType(new TextEncoder().encode('%PDF-1.7\n'))).toBe(
      'application/pdf',
    );
    expect(
      sniffSupportAttachmentType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
    ).toBe('image/png');
    expect(sniffSupportAttachmentType(new TextEncoder().encode('MZ\x90\x00program'))).toBeNull();
    // A video is media for a campaign, not an attachment of a ticket.
    expect(sniffSupportAttachmentType(new Uint8Array([0x00, 0x00, 0x01, 0xba, 0, 0]))).toBeNull();
  });
});

describe('supportTicketPath', () => {
  it('opens the support page on the ticket', () => {
    expect(supportTicketPath('abc')).toBe('/dashboard/support?ticket=abc');
  });
});
