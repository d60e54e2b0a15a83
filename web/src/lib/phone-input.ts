/**
 * As-you-type formatting of a US phone number into (XXX) XXX-XXXX.
 * Partial numbers are formatted without trailing punctuation ("(555", "(555) 55"), so deleting
 * always removes something the owner can see.
 */

export const US_PHONE_DIGITS = 10;

/** The national digits typed so far: at most 10, a leading country code 1 dropped. */
export const phoneDigits = (value: string): string => {
  let digits = value.replace(/\D/g, '');
  if (digits.length > US_PHONE_DIGITS && digits.startsWith('1')) digits = digits.slice(1);
  return digits.slice(0, US_PHONE_DIGITS);
};

export const formatPhoneDigits = (digits: string): string => {
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
};

export const formatPhoneInput = (value: string): string => formatPhoneDigits(phoneDigits(value));

/** The caret index just after the n-th digit of a formatted value. */
export const caretAfterDigits = (formatted: string, digitCount: number): number => {
  if (digitCount <= 0) return formatted.startsWith('(') ? 1 : 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index++) {
    if (/\d/.test(formatted[index]!)) seen++;
    if (seen === digitCount) return index + 1;
  }
  return formatted.length;
};

export interface PhoneEdit {
  value: string;
  caret: number;
}

/**
 * Re-formats an edited value and says where the caret goes: after the same number of digits as
 * before formatting. Deleting only a bracket, space or dash (backspace over punctuation) deletes
 * the digit before it instead, so the edit is never swallowed.
 */
export const applyPhoneEdit = (
  previous: string,
  raw: string,
  caret: number,
  inputType?: string,
): PhoneEdit => {
  let digitsBeforeCaret = raw.slice(0, caret).replace(/\D/g, '').length;
  let source = raw;
  const sameDigits = raw.replace(/\D/g, '') === previous.replace(/\D/g, '');
  if (sameDigits && inputType === 'deleteContentBackward' && digitsBeforeCaret > 0) {
    const digits = raw.replace(/\D/g, '');
    source = digits.slice(0, digitsBeforeCaret - 1) + digits.slice(digitsBeforeCaret);
    digitsBeforeCaret -= 1;
  } else if (sameDigits && inputType === 'deleteContentForward') {
    const digits = raw.replace(/\D/g, '');
    source = digits.slice(0, digitsBeforeCaret) + digits.slice(digitsBeforeCaret + 1);
  }
  const allDigits = source.replace(/\D/g, '');
  const digits = phoneDigits(source);
  // A dropped leading country code shifts every digit one place to the left.
  const shift = allDigits.length > US_PHONE_DIGITS && allDigits.startsWith('1') ? 1 : 0;
  const value = formatPhoneDigits(digits);
  const kept = Math.min(Math.max(digitsBeforeCaret - shift, 0), digits.length);
  return { value, caret: caretAfterDigits(value, kept) };
};
