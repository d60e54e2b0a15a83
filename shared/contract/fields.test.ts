import { describe, expect, it } from 'vitest';
import { registerBody } from './auth';
import { formatUsPhone, normaliseUsPhone } from './fields';

describe('US phone numbers', () => {
  it.each([
    ['(555) 555-1234', '+15555551234'],
    ['555.555.1234', '+15555551234'],
    ['15555551234', '+15555551234'],
    ['+1 555 555 1234', '+15555551234'],
  ])('normalises %s to %s', (input, expected) => {
    expect(normaliseUsPhone(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['555-1234', 'US phone numbers must have 10 digits'],
    ['25555551234', 'US phone numbers must have 10 digits'],
    ['+44 20 7946 0958', 'Please enter a valid US phone number'],
    ['call me', 'Please enter a valid US phone number'],
  ])('refuses %s with "%s"', (input, message) => {
    expect(normaliseUsPhone(input)).toEqual({ ok: false, message });
  });

  it('formats for display', () => {
    expect(formatUsPhone('+15555551234')).toBe('(555) 555-1234');
  });
});

describe('register body', () => {
  it('gives the spec message for every missing field', () => {
    const result = registerBody.safeParse({});
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((i) => [i.path.join('.'), i.message]),
    );
    expect(messages).toEqual({
      email: 'Email is required',
      password: 'Password is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      phoneNumber: 'Phone number is required',
    });
  });

  it('lowercases the email and normalises the phone', () => {
    const parsed = registerBody.parse({
      email: ' Ada@Example.COM ',
      password: 'longenough',
      firstName: 'Ada',
      lastName: 'Lovelace',
      phoneNumber: '(555) 555-1234',
    });
    expect(parsed.email).toBe('ada@example.com');
    expect(parsed.phoneNumber).toBe('+15555551234');
  });
});
