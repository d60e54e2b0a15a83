import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { VIEWER_ADDRESS_HEADER } from '#functions/core/http/client-address';
import { setRole } from '../api/db';
import {
  baseUrl,
  dismissPhoneVerification,
  latestMessage,
  logIn,
  newVisitorAddress,
  newAccount,
  registerThroughApi,
  storedToken,
  unique,
  type TestAccount,
} from './browser';

/**
 * Signs a new account in and gives it a company in New York (through the API); answers the
 * company's overview path. `role` makes the account a founder or an ordinary one first: the first
 * 50 accounts of a sandbox are founders, so which one it is otherwise depends on the tests before.
 * `account` is who registers (a new one by default): passed in by a test that reads its texts.
 */
export const ownerWithCompany = async (
  page: Page,
  {
    company = {},
    role,
    account = newAccount(),
  }: {
    company?: Record<string, unknown>;
    role?: 'user' | 'founder';
    account?: TestAccount;
  } = {},
): Promise<string> => {
  await registerThroughApi(account);
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

/**
 * Verifies the signed-in account's phone through the API, as the verification dialog does: a code
 * texted to it, sent back. Then, as the dialog does, the fresh user replaces the stored one, so the
 * next page the test opens knows the phone is verified.
 */
export const verifyPhoneThroughApi = async (page: Page, account: TestAccount) => {
  const phone = `+1${account.phoneDigits}`;
  const token = await storedToken(page);
  // A visitor of its own, as a person's phone would be: verification texts are limited per network.
  const visitor = newVisitorAddress();
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl()}/api${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        [VIEWER_ADDRESS_HEADER]: visitor,
      },
      body: JSON.stringify(body),
    });
  const enabled = await post('/auth/2fa/enable', { phoneNumber: phone, isVerification: true });
  expect(enabled.status, await enabled.text()).toBeLessThan(300);
  let code: string | undefined;
  await expect
    .poll(async () => {
      code = /\b(\d{6})\b/.exec((await latestMessage(phone))?.text ?? '')?.[1];
      return code;
    })
    .toBeDefined();
  const verified = await post('/auth/2fa/verify', { code, isVerification: true });
  expect(verified.status, await verified.text()).toBe(200);
  const me = await fetch(`${baseUrl()}/api/auth/me`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(me.status).toBe(200);
  const user = (await me.json()) as { isPhoneVerified?: boolean };
  expect(user.isPhoneVerified).toBe(true);
  await page.evaluate((stored) => {
    const store = localStorage.getItem('token') === null ? sessionStorage : localStorage;
    store.setItem('user', stored);
  }, JSON.stringify(user));
};

/** The date `offset` days from today (UTC), as a campaign's start or end date. */
export const dayFromToday = (offset: number): string =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Makes a campaign for the company at `companyPath` through the API as the signed-in owner and
 * answers its id: by default an active one on X alone, from yesterday for a month, Mondays and
 * Thursdays at 8:30; `fields` replace any of that.
 */
export const campaignThroughApi = async (
  page: Page,
  companyPath: string,
  fields: Record<string, unknown> = {},
): Promise<string> => {
  const response = await fetch(`${baseUrl()}/api/campaigns`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await storedToken(page)}`,
    },
    body: JSON.stringify({
      company: companyPath.split('/').pop(),
      name: 'Autumn blend launch',
      description: 'Three weeks of the new roast, with a Saturday tasting at the roastery.',
      campaignIntention: 'marketing',
      status: 'active',
      startDate: dayFromToday(-1),
      endDate: dayFromToday(30),
      platforms: ['twitter'],
      schedule: { days: ['mon', 'thu'], times: ['08:30'] },
      ...fields,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { _id: string })._id;
};

/** What the sandbox's stand-ins published, as `GET /_sandbox/api/posts` lists it. */
export interface SandboxPost {
  platform: string;
  handle: string;
  text: string;
  url: string;
  media: { altText?: string; contentType: string }[];
}

export const sandboxPosts = async (): Promise<SandboxPost[]> =>
  ((await (await fetch(`${baseUrl()}/_sandbox/api/posts`)).json()) as { posts: SandboxPost[] })
    .posts;
