import { describe, expect, it } from 'vitest';
import { applyPhoneEdit, caretAfterDigits, formatPhoneInput } from './phone-input';

describe('formatPhoneInput', () => {
  it.each([
    ['', ''],
    ['5', '(5'],
    ['555', '(555'],
    ['5555', '(555) 5'],
    ['555555', '(555) 555'],
    ['5555550', '(555) 555-0'],
    ['5555550123', '(555) 555-0123'],
    ['55555501234', '(555) 555-0123'],
    ['+1 555 555 0123', '(555) 555-0123'],
    ['1-555-555-0123', '(555) 555-0123'],
    ['abc', ''],
  ])('%j → %j', (input, expected) => {
    expect(formatPhoneInput(input)).toBe(expected);
  });
});

describe('caretAfterDigits', () => {
  it('places the caret after the n-th digit', () => {
    expect(caretAfterDigits('(555) 555-0123', 3)).toBe(4);
    expect(caretAfterDigits('(555) 555-0123', 4)).toBe(7);
    expect(caretAfterDigits('(555) 555-0123', 0)).toBe(1);
    expect(caretAfterDigits('', 0)).toBe(0);
  });
});

describe('applyPhoneEdit', () => {
  it('keeps the caret after the digit typed in the middle', () => {
    // "(555) 55|5-0123" → type 9 → "(555) 559|5-0123" before formatting
    const edit = applyPhoneEdit('(555) 555-012', '(555) 5595-012', 9, 'insertText');
    expect(edit).toEqual({ value: '(555) 559-5012', caret: 9 });
  });

  it('deletes the digit before a bracket, space or dash on backspace', () => {
    // "(555) |5": backspace removes only the space, so the 5 before ")" goes instead
    const edit = applyPhoneEdit('(555) 5', '(555)5', 5, 'deleteContentBackward');
    expect(edit).toEqual({ value: '(555', caret: 3 });
  });

  it('formats a pasted number and puts the caret at its end', () => {
    expect(applyPhoneEdit('', '+1 (555) 555-0123', 17, 'insertFromPaste')).toEqual({
      value: '(555) 555-0123',
      caret: 14,
    });
  });
});
