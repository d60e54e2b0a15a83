import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { failureText, hasCode, messageOf } from './error-text';

const answered = new ApiError(503, 'SERVICE_UNAVAILABLE', 'Service unavailable');
const silent = new ApiError(502, undefined, '');

describe('messageOf', () => {
  it("prefers the server's message, else the screen's text", () => {
    expect(messageOf(answered, 'Failed to login')).toBe('Service unavailable');
    expect(messageOf(silent, 'Failed to login')).toBe('Failed to login');
    expect(messageOf(new Error('boom'), 'Failed to login')).toBe('Failed to login');
  });
});

describe('failureText', () => {
  it("says 'Failed to X: {message}', or 'Failed to X' without a message", () => {
    expect(failureText('load companies', answered)).toBe(
      'Failed to load companies: Service unavailable',
    );
    expect(failureText('load companies', silent)).toBe('Failed to load companies');
    expect(failureText('load companies', new TypeError('x'))).toBe('Failed to load companies');
  });
});

describe('hasCode', () => {
  it('matches the code of an API error only', () => {
    expect(hasCode(answered, 'SERVICE_UNAVAILABLE')).toBe(true);
    expect(hasCode(answered, 'PHONE_TAKEN', 'SERVICE_UNAVAILABLE')).toBe(true);
    expect(hasCode(answered, 'PHONE_TAKEN')).toBe(false);
    expect(hasCode(silent, 'PHONE_TAKEN')).toBe(false);
    expect(hasCode(new Error('PHONE_TAKEN'), 'PHONE_TAKEN')).toBe(false);
  });
});
