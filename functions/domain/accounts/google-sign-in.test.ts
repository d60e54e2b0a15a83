import { describe, expect, it } from 'vitest';
import type { GoogleIdentity } from '../../integrations/identity/google-openid';
import { isGoogleAuthoritative, namesOf } from './google-sign-in';

const identity = (overrides: Partial<GoogleIdentity>): GoogleIdentity => ({
  issuer: 'https://accounts.google.com',
  subject: '1234567890',
  email: 'ada@gmail.com',
  emailVerified: true,
  ...overrides,
});

describe('whether Google is authoritative for an address', () => {
  it.each([
    [{}, true],
    [{ emailVerified: false }, false],
    [{ email: 'ada@harbor.coffee' }, false],
    [{ email: 'ada@harbor.coffee', hostedDomain: 'harbor.coffee' }, true],
    [{ email: 'ada@harbor.coffee', hostedDomain: 'harbor.coffee', emailVerified: false }, false],
    // A Workspace of another domain vouches for none of this one's addresses.
    [{ email: 'ada@harbor.coffee', hostedDomain: 'evil.example' }, false],
    [{ email: 'ada@mail.harbor.coffee', hostedDomain: 'harbor.coffee' }, false],
    [{ email: 'ada@googlemail.com' }, false],
  ] as const)('%o → %s', (overrides, expected) => {
    expect(isGoogleAuthoritative(identity(overrides))).toBe(expected);
  });
});

describe('the names of a new account from Google', () => {
  it('takes the given and family names, else the name, else the address', () => {
    expect(namesOf(identity({ givenName: 'Ada', familyName: 'Lovelace', name: 'X Y' }))).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(namesOf(identity({ name: 'Grace Brewster Hopper' }))).toEqual({
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
    });
    expect(namesOf(identity({ name: 'Cher' }))).toEqual({ firstName: 'Cher', lastName: '-' });
    expect(namesOf(identity({}))).toEqual({ firstName: 'ada', lastName: '-' });
    expect(namesOf(identity({ givenName: 'A'.repeat(150) })).firstName).toHaveLength(100);
  });
});
