import { describe, expect, it } from 'vitest';
import { applyPhoneEdit, caretAfterDigits, formatPhoneInput } from './phone-input';

describe('formatPhoneInput', () => {
  it.each([
    ['', ''],
    ['5', '5'],
    ['555', '(555)'],
    ['5555', '(555) 5'],
    ['555555', '(555) 555'],
    ['5555550', '(555) 555-0'],
    ['5555550123', '(555) 555-0123'],
    ['55555501234', '(555) 555-0123'],
    ['+1 555 555 0123', '(555) 555-0123'],
    ['1-555-555-0123', '(555) 555-0123'],
    ['abc', ''],
    // Not a US number: kept as typed, for validation to say so.
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['+442079460958', '+442079460958'],
    ['+44 (20) 7946x0958', '+44 20 79460958'],
    ['+', '+'],
  ])('%j → %j', (input, expected) => {
    expect(formatPhoneInput(input)).toBe(expected);
  });

  it('keeps a leading 1 readable while typing, then shows the national number', () => {
    const typed = '14155550142';
    const shown = [...typed].map((_, index) => formatPhoneInput(typed.slice(0, index + 1)));
    expect(shown).toEqual([
      '1',
      '1 4',
      '1 41',
      '1 (415)',
      '1 (415) 5',
      '1 (415) 55',
      '1 (415) 555',
      '1 (415) 555-0',
      '1 (415) 555-01',
      '1 (415) 555-014',
      '(415) 555-0142',
    ]);
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
    expect(applyPhoneEdit('(555) 5', '(555)5', 5, 'deleteContentBackward')).toEqual({
      value: '(555)',
      caret: 3,
    });
    // "(555)|": backspace removes only the bracket
    expect(applyPhoneEdit('(555)', '(555', 4, 'deleteContentBackward')).toEqual({
      value: '55',
      caret: 2,
    });
  });

  it('formats a pasted number and puts the caret at its end', () => {
    expect(applyPhoneEdit('', '+1 (555) 555-0123', 17, 'insertFromPaste')).toEqual({
      value: '(555) 555-0123',
      caret: 14,
    });
  });

  it('keeps the "+" of a number from another country while it is edited', () => {
    expect(applyPhoneEdit('+44 20 7946 095', '+44 20 7946 0958', 16, 'insertText')).toEqual({
      value: '+44 20 7946 0958',
      caret: 16,
    });
  });

  it('keeps the caret at the end when the last digit drops a leading 1', () => {
    expect(applyPhoneEdit('1 (415) 555-014', '1 (415) 555-0142', 16, 'insertText')).toEqual({
      value: '(415) 555-0142',
      caret: 14,
    });
  });

  it('types a leading 1 into an empty profile field without garbling it', () => {
    expect(applyPhoneEdit('', '1', 1, 'insertText')).toEqual({ value: '1', caret: 1 });
    expect(applyPhoneEdit('1', '14', 2, 'insertText')).toEqual({ value: '1 4', caret: 3 });
  });
});
