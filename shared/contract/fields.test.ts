import { describe, expect, it } from 'vitest';
import { registerBody } from './auth';
import { formatUsPhone, normaliseUsPhone, optionalText, text } from './fields';

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

describe('names and texts', () => {
  const name = text('Company name', 'Company name is required', 100);
  const description = optionalText('Description', 2000);
  const messageOf = (schema: typeof name | typeof description, value: string) =>
    schema.safeParse(value).error?.issues[0]?.message;

  it.each([
    ['a NUL', 'Harbor\u0000Coffee'],
    ['a bell', 'Harbor\u0007Coffee'],
    ['a right-to-left override', 'Harbor \u202Eeeffoc'],
    ['a left-to-right isolate', 'Harbor \u2066Coffee\u2069'],
    ['a line feed in a name', 'Harbor\nCoffee'],
    ['a C1 control', 'Harbor\u0085Coffee'],
  ])('refuse %s with one clear message', (_, value) => {
    expect(messageOf(name, value)).toBe(
      'Company name must not contain control characters or text-direction marks',
    );
  });

  it('let multi-line texts keep tabs and line feeds, and nothing else invisible', () => {
    expect(description.parse('Roasts\tdaily.\nShips weekly.')).toBe(
      'Roasts\tdaily.\nShips weekly.',
    );
    expect(messageOf(description, 'Roasts\r\ndaily')).toBe(
      'Description must not contain control characters or text-direction marks',
    );
    expect(messageOf(description, 'Roasts \u202Bdaily')).toMatch(/text-direction/);
    // Other scripts, emoji and joiners are text like any other.
    expect(name.parse('Café Ünal · مقهى ☕ 👩‍🍳')).toBe('Café Ünal · مقهى ☕ 👩‍🍳');
  });
});
