import { afterAll, expect } from 'vitest';
import { analyticsPayloadProblems } from '../support/analytics-payloads';
import { apiUrl } from './http';

// After each API test file: every analytics payload the suite produced so far (the server's
// Measurement Protocol calls, as the sandbox's GA4 stand-in received them) carries no email, phone
// number or test name, and nothing outside the contract.
afterAll(async () => {
  expect(await analyticsPayloadProblems(apiUrl())).toEqual([]);
});
