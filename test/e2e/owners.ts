import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { setRole } from '../api/db';
import {
  baseUrl,
  dismissPhoneVerification,
  logIn,
  registerThroughApi,
  storedToken,
  unique,
} from './browser';

/**
 * Signs a new account in and gives it a company in New York (through the API); answers the
 * company's overview path. `role` makes the account a founder or an ordinary one first: the first
 * 50 accounts of a sandbox are founders, so which one it is otherwise depends on the tests before.
 */
export const ownerWithCompany = async (
  page: Page,
  { company = {}, role }: { company?: Record<string, unknown>; role?: 'user' | 'founder' } = {},
): Promise<string> => {
  const account = await registerThroughApi();
  await page.goto('/login');
  await logIn(page, account.email);
  await page.waitForURL('**/dashboard');
  await dismissPhoneVerification(page);
  if (role) {
    const userId = await page.evaluate(
      () => (JSON.parse(sessionStorage.getItem('user') ?? '{}') as { _id?: string })._id,
    );
    await setRole(userId!, role);
  }
  const created = await fetch(`${baseUrl()}/api/companies`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await storedToken(page)}`,
    },
    body: JSON.stringify({
      name: 'Harbor Coffee',
      description: 'Small-batch roaster',
      timeZone: 'America/New_York',
      ...company,
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { _id: companyId } = (await created.json()) as { _id: string };
  return `/dashboard/company/${companyId}`;
};

/** Connects X through the sandbox's consent page. */
export const connectX = async (page: Page, companyPath: string) => {
  await page.goto(`${companyPath}/platforms`);
  const card = page.getByRole('region', { name: 'X (Twitter)' });
  await card.getByRole('button', { name: 'Connect Now' }).click();
  await page.getByLabel('Sign in as').fill(`harbor${unique()}`);
  await page.getByRole('button', { name: 'Allow' }).click();
  await card.getByText('Connected', { exact: true }).waitFor();
};
