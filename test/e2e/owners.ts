import type { Page } from 'playwright-core';
import { expect } from 'vitest';
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
 * company's overview path.
 */
export const ownerWithCompany = async (
  page: Page,
  company: Record<string, unknown> = {},
): Promise<string> => {
  const account = await registerThroughApi();
  await page.goto('/login');
  await logIn(page, account.email);
  await page.waitForURL('**/dashboard');
  await dismissPhoneVerification(page);
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
