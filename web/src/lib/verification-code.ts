import { VERIFICATION_CODE_LENGTH } from '#shared/domain/limits';

/**
 * The code's digits from whatever was typed, pasted or autofilled: "465 752", "465-752" and the
 * whole text message ("465752 is your Sailpost verification code…") all give "465752". Spaces
 * and dashes are removed before the length cap, so a pasted code is never cut short.
 */
export const verificationCodeDigits = (raw: string): string =>
  raw.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH);

export const isCompleteVerificationCode = (code: string): boolean =>
  code.length === VERIFICATION_CODE_LENGTH && /^\d+$/.test(code);
