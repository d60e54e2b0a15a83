import * as z from 'zod';
import { isCommonPassword } from '../domain/common-passwords';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PHONE_PLACEHOLDER } from '../domain/limits';
import { PATH_ID_PATTERN } from './route';
import {
  characterProblemMessage,
  lineProblem,
  textProblem,
  withOrdinarySpaces,
  type CharacterProblem,
} from './unsafe-characters';

/** Refuses a value holding a character that `problemOf` names, in that problem's words. */
export const refusingCharacters =
  (label: string, problemOf: (value: string) => CharacterProblem | null) =>
  (value: string, ctx: z.RefinementCtx) => {
    const problem = problemOf(value);
    if (problem) ctx.addIssue({ code: 'custom', message: characterProblemMessage(label, problem) });
  };

/**
 * Field builders shared by the server's validation and the web forms, so both speak the same
 * words. Every builder answers a missing value with the "required" text and a value of
 * the wrong type with "<label> must be text", never zod's generic wording.
 */

/**
 * A one-line value: a name, a title, a file name. Any space character counts as a space, and
 * what a line refuses (unsafe-characters.ts) is refused.
 */
export const text = (label: string, requiredMessage: string, max: number) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? requiredMessage
          : `${label} must be text`,
    })
    .overwrite(withOrdinarySpaces)
    .trim()
    .min(1, requiredMessage)
    .max(max, `${label} must be at most ${max} characters`)
    .superRefine(refusingCharacters(label, lineProblem));

/** A free text that may span lines (a description, a brand voice); empty is allowed. */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .superRefine(refusingCharacters(label, textProblem));

/** A required free text that may span lines (a prompt, feedback): blank counts as missing. */
export const requiredLongText = (label: string, requiredMessage: string, max: number) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? requiredMessage
          : `${label} must be text`,
    })
    .trim()
    .min(1, requiredMessage)
    .max(max, `${label} must be at most ${max} characters`)
    .superRefine(refusingCharacters(label, textProblem));

/**
 * The error option of every request body (`z.strictObject(shape, bodyErrors())`): a body that is
 * no object says so once, and a field the route does not take is named and refused, never
 * silently dropped (it is a client's typo, or something it must not set).
 */
export const bodyErrors = (unknownFieldsLead = 'Unknown fields') => ({
  error: (issue: { code: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys'
      ? `${unknownFieldsLead}: ${issue.keys!.join(', ')}`
      : 'Body must be a JSON object',
});

/** Pragmatic address pattern: something@something.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const email = () =>
  text('Email', 'Email is required', 254)
    .regex(EMAIL_PATTERN, 'Invalid email address')
    .transform((value) => value.toLowerCase());

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common. Please choose a less guessable one.';

/**
 * A new password: long enough to resist guessing, not one of the commonest breached passwords
 * (the first ones any guesser tries), and bounded so hashing cannot be abused.
 */
export const newPassword = () =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? 'Password is required'
          : 'Password must be text',
    })
    .min(1, 'Password is required')
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
    .refine((password) => !isCommonPassword(password), COMMON_PASSWORD_MESSAGE);

/** A password typed at login: only required (its rules were checked when it was set). */
export const existingPassword = () =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? 'Password is required'
          : 'Password must be text',
    })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/**
 * Normalises a US phone number to +1 and 10 digits, or says what is wrong with it.
 * Accepts "(555) 555-5555", "555.555.5555", "15555555555", "+1 555 555 5555".
 */
export const normaliseUsPhone = (
  raw: string,
): { ok: true; value: string } | { ok: false; message: string } => {
  const trimmed = raw.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed))
    return { ok: false, message: 'Please enter a valid US phone number' };
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+') && !digits.startsWith('1')) {
    return { ok: false, message: 'Please enter a valid US phone number' };
  }
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return { ok: false, message: 'US phone numbers must have 10 digits' };
  return { ok: true, value: `+1${digits}` };
};

export const usPhone = (requiredMessage = 'Phone number is required') =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? requiredMessage
          : 'Phone number must be text',
    })
    .trim()
    .min(1, requiredMessage)
    .max(24, 'Please enter a valid US phone number')
    .transform((value, ctx) => {
      const result = normaliseUsPhone(value);
      if (!result.ok) {
        ctx.addIssue({ code: 'custom', message: result.message });
        return z.NEVER;
      }
      return result.value;
    });

/** A stored phone that is a real number (not the "no phone" placeholder). */
export const isRealPhone = (phone: string | undefined | null): phone is string =>
  !!phone && phone !== PHONE_PLACEHOLDER;

/** "(555) 555-5555" from "+15555555555", for display. */
export const formatUsPhone = (phone: string): string => {
  const digits = phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  if (digits.length !== 10) return phone;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
};

/**
 * A company id sent in a body or a query rather than the path: its shape is checked here, its
 * owner by the handler (`loadOwnedCompany`), and a stranger's id reads as a missing one.
 */
export const companyIdValue = () =>
  z.string({ error: 'Company ID is required' }).regex(PATH_ID_PATTERN, 'Company not found');
