import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { VIEWER_ADDRESS_HEADER } from '#functions/core/http/client-address';
import { REGISTRATION_REDIRECT_MS } from '#shared/domain/limits';
import { TOUR_IDS } from '#shared/domain/users';
import { CONSENT_STORAGE_KEY } from '#web/lib/consent';
import { analyticsPayloadProblems } from '../support/analytics-payloads';

export const baseUrl = (): string => inject('apiUrl');

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this closed network needs. */
const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });

/**
 * One Chromium for the calling describe: launched before its tests, closed after them (also when
 * a test failed). Returns a getter because the browser only exists once beforeAll has run:
 * `const browser = useBrowser();` in the describe, `newPage(browser())` in a test.
 */
export const useBrowser = (): (() => Browser) => {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    // Every analytics payload of the suite so far (this file's and those beside it): no email,
    // phone number or test name, nothing outside the contract.
    expect(await analyticsPayloadProblems(baseUrl())).toEqual([]);
  });
  return () => {
    if (!browser)
      throw new Error('useBrowser(): the browser starts in beforeAll; use it in a test');
    return browser;
  };
};

/** A random address per browser context (RFC 2544's benchmarking range): a visitor of its own. */
export const newVisitorAddress = () => {
  const [a, b] = randomBytes(2);
  return `198.18.${a}.${b}`;
};

/**
 * The visitor's cookie decision when the page opens: accepted by default, so the banner stands in
 * front of nothing and every test's events reach the sandbox's GA4 stand-in (where the payload
 * check reads them); a test of the banner asks for `'undecided'`.
 */
export type ConsentOption = { consent?: 'accepted' | 'refused' | 'undecided' };

/** A new browser context, its own visitor, and a page in it. */
export const newPage = async (
  browser: Browser,
  viewport = { width: 1280, height: 800 },
  { consent = 'accepted' }: ConsentOption = {},
): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({
    viewport,
    baseURL: baseUrl(),
    extraHTTPHeaders: { [VIEWER_ADDRESS_HEADER]: newVisitorAddress() },
  });
  if (consent !== 'undecided') {
    // Only where nothing is stored yet: a decision the test makes on the page stays.
    await context.addInitScript(
      ({ key, value }) => {
        if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
      },
      {
        key: CONSENT_STORAGE_KEY,
        value: JSON.stringify({
          analytics: consent === 'accepted',
          decidedAt: '2026-01-01T00:00:00.000Z',
        }),
      },
    );
  }
  const page = await context.newPage();
  return { context, page };
};

/** Screenshots land in screenshots/ (git-ignored) for a person to look at. */
export const screenshot = async (page: Page, name: string) => {
  const dir = path.resolve('screenshots');
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
};

/** The newest message the sandbox sent to an address (the dev inbox's JSON view). */
export const latestMessage = async (
  to: string,
): Promise<{ subject?: string; text: string } | undefined> => {
  const response = await fetch(`${baseUrl()}/_sandbox/api/messages?to=${encodeURIComponent(to)}`);
  const { messages } = (await response.json()) as {
    messages: { subject?: string; text: string }[];
  };
  return messages[0];
};

/**
 * How long a new account may take to land on the dashboard: the spec's pause after registering,
 * and room for a password hash and a lazy screen on a busy 2-core CI machine.
 */
export const AFTER_REGISTRATION = { timeout: REGISTRATION_REDIRECT_MS + 20_000 };

/** A short random tag, so that the emails and keys of one run never collide. */
export const unique = (): string => Math.random().toString(36).slice(2, 8);

/** A random US number in the 555 range, as 10 digits ("5550123456"): a new phone per account. */
export const newPhoneDigits = (): string =>
  `555${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

/**
 * "(555) 012-3456" from "5550123456": how the form shows a number. Written here, not taken from
 * the app, so that a test comparing the field with it checks the app's formatting.
 */
export const displayPhone = (digits: string): string =>
  `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;

/** The password of the tests' accounts: long and uncommon enough for the password rules. */
export const TEST_PASSWORD = 'harbor-coffee-2026';

/** What the registration form asks for. */
export interface TestAccount {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** 10 digits, "5550123456"; the server stores "+15550123456". */
  phoneDigits: string;
}

/**
 * A new account's details: Maya Lopez, a fresh email and phone, TEST_PASSWORD. A test whose
 * screenshots or assertions show a name or rely on a password passes it in `overrides`.
 */
export const newAccount = (overrides: Partial<TestAccount> = {}): TestAccount => {
  const firstName = overrides.firstName ?? 'Maya';
  return {
    firstName,
    lastName: 'Lopez',
    email: `${firstName.toLowerCase()}-${unique()}@harbor.coffee`,
    password: TEST_PASSWORD,
    phoneDigits: newPhoneDigits(),
    ...overrides,
  };
};

/**
 * Fills the registration form (the page is on /register) without submitting it. The phone is
 * pasted formatted, or with `typePhone` typed digit by digit as a person does, so that a test can
 * check the field's as-you-type formatting.
 */
export const fillRegistration = async (
  page: Page,
  account: TestAccount,
  { typePhone = false }: { typePhone?: boolean } = {},
) => {
  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill(account.lastName);
  await page.getByLabel('Email').fill(account.email);
  const phone = page.getByLabel('Mobile phone (US)');
  if (typePhone) await phone.pressSequentially(account.phoneDigits);
  else await phone.fill(displayPhone(account.phoneDigits));
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(account.password);
};

/**
 * Registers through the form, as a person does, and waits for the dashboard (where the phone
 * verification dialog opens). Returns the account, to log in with or to read its texts.
 */
export const registerThroughForm = async (
  page: Page,
  account: TestAccount = newAccount(),
  { tours = 'completed', ...options }: { typePhone?: boolean } & ToursOption = {},
): Promise<TestAccount> => {
  await page.goto('/register');
  await fillRegistration(page, account, options);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/dashboard', AFTER_REGISTRATION);
  // The dashboard's tour waits behind the phone verification dialog, which a new account meets.
  if (tours === 'completed') await completeToursInPage(page);
  return account;
};

/**
 * Whether a test's new account meets the onboarding tours: by default it has completed them all
 * (a tour's overlay would stand in front of what the test clicks); a test of the tours asks for
 * `'due'`.
 */
export type ToursOption = { tours?: 'completed' | 'due' };

/** Marks every tour completed on the account (PUT /users/{id}); answers the updated user. */
export const completeAllTours = async (userId: string, token: string): Promise<unknown> => {
  const response = await fetch(`${baseUrl()}/api/users/${userId}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ completedTours: TOUR_IDS }),
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text);
};

/**
 * Registers through the API: faster than the form, for tests that only need someone to sign in.
 * Each registration comes from a visitor of its own, as a person's would: the per-network
 * registration limit is for people, and the suite registers many.
 */
export const registerThroughApi = async (
  account: TestAccount = newAccount(),
  options: ToursOption = {},
): Promise<TestAccount> => (await registerAccountThroughApi(account, options)).account;

/** What registering answered: the account's token and id, beside what it was made with. */
export interface RegisteredAccount {
  account: TestAccount;
  auth: { access_token: string; user: { _id: string } };
}

/** As registerThroughApi, answering the token and user id too. */
export const registerAccountThroughApi = async (
  account: TestAccount = newAccount(),
  { tours = 'completed' }: ToursOption = {},
): Promise<RegisteredAccount> => {
  const response = await fetch(`${baseUrl()}/api/auth/register`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      [VIEWER_ADDRESS_HEADER]: newVisitorAddress(),
    },
    body: JSON.stringify({
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      phoneNumber: displayPhone(account.phoneDigits),
      password: account.password,
    }),
  });
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  const auth = JSON.parse(text) as RegisteredAccount['auth'];
  if (tours === 'completed') await completeAllTours(auth.user._id, auth.access_token);
  return { account, auth };
};

/**
 * Completes every tour of the account signed in on `page`, and tells the app so, as another tab
 * saving the user would (the stored user replaced, then a `storage` event).
 */
export const completeToursInPage = async (page: Page): Promise<void> => {
  const stored = await page.evaluate(() => {
    const store = localStorage.getItem('token') === null ? sessionStorage : localStorage;
    return { token: store.getItem('token'), user: store.getItem('user') };
  });
  const { _id } = JSON.parse(stored.user ?? '{}') as { _id?: string };
  expect(_id && stored.token, 'a signed-in page').toBeTruthy();
  const user = await completeAllTours(_id!, stored.token!);
  await page.evaluate((fresh) => {
    const store = localStorage.getItem('token') === null ? sessionStorage : localStorage;
    store.setItem('user', fresh);
    window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
  }, JSON.stringify(user));
};

/** Fills the login form (the page is on /login) and submits it; the test waits for the outcome. */
export const logIn = async (
  page: Page,
  email: string,
  password = TEST_PASSWORD,
  { remember = false }: { remember?: boolean } = {},
) => {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Log in' }).click();
};

/** Closes the phone verification dialog the dashboard opens for an unverified account ('Later'). */
export const dismissPhoneVerification = async (page: Page) => {
  await page
    .getByRole('dialog', { name: 'Verify your phone number' })
    .getByRole('button', { name: 'Later' })
    .click();
};

/** The access token the SPA keeps: in localStorage when remembered, sessionStorage otherwise. */
export const storedToken = (page: Page): Promise<string | null> =>
  page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
