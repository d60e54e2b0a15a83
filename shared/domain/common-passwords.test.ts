import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS, isCommonPassword } from './common-passwords';

describe('common passwords', () => {
  it('are listed in lower case, which the case-blind check relies on', () => {
    expect([...COMMON_PASSWORDS].filter((password) => password !== password.toLowerCase())).toEqual(
      [],
    );
  });

  it('are refused whatever their letter case', () => {
    expect(isCommonPassword('PassWord')).toBe(true);
    expect(isCommonPassword('Sailpost123')).toBe(true);
    expect(isCommonPassword('harbor-coffee-roasts')).toBe(false);
  });
});
