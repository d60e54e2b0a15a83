import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, newPassword } from '#shared/contract/fields';
import { waitText } from '../core/limits/wait-text';
import { lockoutWindowSeconds } from './login-throttle';

describe('lockoutWindowSeconds', () => {
  it('starts at 15 minutes and doubles with each lockout that day, up to a day', () => {
    expect([0, 1, 2, 3, 6, 7, 40].map(lockoutWindowSeconds)).toEqual([
      900, 1800, 3600, 7200, 57_600, 86_400, 86_400,
    ]);
  });
});

describe('waitText', () => {
  it('says a wait in seconds, minutes or hours, rounded up', () => {
    expect([1, 30, 61, 900, 7199, 7200, 86_400].map(waitText)).toEqual([
      '1 second',
      '30 seconds',
      '2 minutes',
      '15 minutes',
      '120 minutes',
      '2 hours',
      '24 hours',
    ]);
  });
});

describe('new passwords', () => {
  it('refuses the commonest ones in any letter case and accepts an uncommon one', () => {
    for (const password of ['password1', 'Sunshine', 'QWERTYUIOP']) {
      const result = newPassword().safeParse(password);
      expect(result.success, password).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(COMMON_PASSWORD_MESSAGE);
    }
    expect(newPassword().safeParse('correct-horse-battery').success).toBe(true);
  });
});
