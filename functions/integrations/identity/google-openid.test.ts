import { describe, expect, it } from 'vitest';
import { acceptedIssuerOf } from './google-openid';

describe('acceptedIssuerOf', () => {
  const google = 'https://accounts.google.com';

  it.each([
    ['accounts.google.com', 'accounts.google.com'],
    [google, google],
    // Anything else is expected as the discovered issuer, and so refused by the exact comparison.
    ['http://accounts.google.com', google],
    ['https://accounts.example.com', google],
    ['accounts.example.com', google],
    ['https://accounts.google.com/', google],
    [undefined, google],
    [42, google],
  ])('expects %s named in a token as %s', (named, expected) => {
    expect(acceptedIssuerOf(google, named)).toBe(expected);
  });

  it('takes the sandbox stand-in’s issuer without http:// as its bare form', () => {
    const standIn = 'http://localhost:3000/_sandbox/providers/google';
    expect(acceptedIssuerOf(standIn, 'localhost:3000/_sandbox/providers/google')).toBe(
      'localhost:3000/_sandbox/providers/google',
    );
  });
});
