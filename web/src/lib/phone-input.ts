import { AsYouType, type MetadataJson } from 'libphonenumber-js/core';
import usMetadata from './us-phone-metadata.json';

/**
 * As-you-type formatting of a US phone number, by libphonenumber-js: "(415) 555-0142". A leading
 * 1 (the US trunk prefix, as people often type it) shows as "1 (415) 555-01…" while typing, and
 * goes once the number is complete, so the result is always the spec's (XXX) XXX-XXXX.
 */

export const US_PHONE_DIGITS = 10;

/**
 * Only the US rules of libphonenumber-js's metadata (1 KB instead of 83 KB; the test beside it
 * checks they are the installed package's own): every number the product takes is a US one.
 */
const metadata = usMetadata as unknown as MetadataJson;

/** US area codes never start with 1, so a leading 1 is always the country code / trunk prefix. */
const hasTrunkPrefix = (digits: string) => digits.startsWith('1');

/** The digits typed so far: 10 at most, 11 with a leading 1; anything else is dropped. */
export const phoneDigits = (value: string): string => {
  const digits = value.replace(/\D/g, '');
  return digits.slice(0, hasTrunkPrefix(digits) ? US_PHONE_DIGITS + 1 : US_PHONE_DIGITS);
};

export const formatPhoneDigits = (digits: string): string => {
  if (digits.length === 0) return '';
  // Complete with its leading 1: the national number alone, as the profile stores and shows it.
  const national =
    digits.length === US_PHONE_DIGITS + 1 && hasTrunkPrefix(digits) ? digits.slice(1) : digits;
  return new AsYouType('US', metadata).input(national);
};

/**
 * A number typed with "+" and a country code other than 1: kept as typed (its digits and spaces)
 * so that validation can say it is not a US number, instead of the field quietly turning it into
 * a different US one.
 */
const isForeign = (value: string) => /^\s*\+\s*[02-9]/.test(value);
const MAX_INTERNATIONAL_DIGITS = 15;
const formatForeign = (value: string) => {
  let digits = 0;
  const kept = [...value.replace(/^\s*\+/, '')].filter((char) => {
    if (/\d/.test(char)) return ++digits <= MAX_INTERNATIONAL_DIGITS;
    return char === ' ' || char === '-';
  });
  return `+${kept.join('').replace(/\s+/g, ' ')}`;
};

/** A "+" on its own is the start of an international number: kept until its digits come. */
const isPlusOnly = (value: string) => value.trim() === '+';

export const formatPhoneInput = (value: string): string =>
  isPlusOnly(value)
    ? '+'
    : isForeign(value)
      ? formatForeign(value)
      : formatPhoneDigits(phoneDigits(value));

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
  if (isPlusOnly(raw)) return { value: '+', caret: 1 };
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
  if (isForeign(raw)) {
    const value = formatForeign(raw);
    return { value, caret: caretAfterDigits(value, digitsBeforeCaret) };
  }
  const digits = phoneDigits(source);
  const value = formatPhoneDigits(digits);
  // A complete number drops its leading 1: every digit moves one place to the left.
  const shown = value.replace(/\D/g, '').length;
  const kept = Math.min(Math.max(digitsBeforeCaret - (digits.length - shown), 0), shown);
  return { value, caret: caretAfterDigits(value, kept) };
};
