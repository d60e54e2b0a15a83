import { describe, expect, it } from 'vitest';
import { isCompleteVerificationCode, verificationCodeDigits } from './verification-code';

describe('verificationCodeDigits', () => {
  it.each([
    ['465 752', '465752'],
    ['465-752', '465752'],
    [' 4 6 5 7 5 2 ', '465752'],
    ['465\u00a0752', '465752'],
    ['465752 is your Sailpost verification code. It expires in 10 minutes.', '465752'],
    ['12a3', '123'],
    ['1234567', '123456'],
    ['', ''],
  ])('%j → %j', (raw, expected) => {
    expect(verificationCodeDigits(raw)).toBe(expected);
  });
});

describe('isCompleteVerificationCode', () => {
  it('takes exactly six digits', () => {
    expect(isCompleteVerificationCode('465752')).toBe(true);
    expect(isCompleteVerificationCode('46575')).toBe(false);
    expect(isCompleteVerificationCode('46575a')).toBe(false);
  });
});
