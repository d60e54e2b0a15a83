import { mkdir } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TOUR_IDS } from '#shared/domain/users';
import {
  baseUrl,
  dismissPhoneVerification,
  logIn,
  newAccount,
  newPage,
  registerAccountThroughApi,
  storedToken,
  useBrowser,
} from './browser';
import { campaignThroughApi } from './owners';

type TourId = (typeof TOUR_IDS)[number];

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The tooltip of the step showing now (the tour's own dialog, not the page's). */
const tooltip = (page: Page) => page.locator('[data-tour-step]');

const api = async (token: string, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  return JSON.parse(text) as Record<string, unknown>;
};

/**
 * A new account (through the API) for which only `due` tours are still to run, optionally with a
 * company; then signed in on `page`, on the dashboard, the phone dialog closed.
 */
const signInWithTours = async (
  page: Page,
  { due, company = false }: { due: readonly TourId[]; company?: boolean },
): Promise<{ token: string; companyPath?: string }> => {
  const { account, auth } = await registerAccountThroughApi(newAccount(), { tours: 'due' });
  const completed = TOUR_IDS.filter((id) => !due.includes(id));
  await api(auth.access_token, 'PUT', `/users/${auth.user._id}`, { completedTours: completed });
  let companyPath: string | undefined;
  if (company) {
    const created = await api(auth.access_token, 'POST', '/companies', {
      name: 'Harbor Coffee',
      description: 'Small-batch roaster',
      timeZone: 'America/New_York',
    });
    companyPath = `/dashboard/company/${String(created._id)}`;
  }
  await page.goto('/login');
  await logIn(page, account.email);
  await page.waitForURL('**/dashboard');
  await dismissPhoneVerification(page);
  return { token: (await storedToken(page))!, companyPath };
};

const completedTours = async (page: Page): Promise<string[]> => {
  const me = await api((await storedToken(page))!, 'GET', '/auth/me');
  return me.completedTours as string[];
};

/** The analytics events the page sent (gtag commands) for tour steps whose element was missing. */
const missingTargets = (page: Page) =>
  page.evaluate(() =>
    (window.dataLayer ?? [])
      .map((command) => Array.from(command as ArrayLike<unknown>))
      .filter(([kind, name]) => kind === 'event' && name === 'tour_target_not_found'),
  );

/**
 * The screen as the step shows it: once the tooltip has faded in and the page has scrolled to
 * it, the viewport alone (the overlay and tooltip belong to it, not to the full page).
 */
const tourShot = async (page: Page, name: string) => {
  await page.waitForFunction(
    () => document.querySelector<HTMLElement>('.react-joyride__floater')?.style.opacity === '1',
  );
  await page.waitForTimeout(400);
  await mkdir(path.resolve('screenshots'), { recursive: true });
  await page.screenshot({ path: path.resolve('screenshots', `${name}.png`) });
};

/**
 * Walks the tour showing on `page` to 'Finished' with its main button, checking the progress
 * label on each step, and answers the steps' titles; `shot` names the screenshots of its first
 * steps, and `recorded` is the id the account then has completed.
 */
const walkTour = async (page: Page, shot?: string, recorded?: TourId): Promise<string[]> => {
  const titles: string[] = [];
  for (let step = 0; step < 12; step++) {
    const shown = tooltip(page);
    await shown.waitFor();
    const index = await shown.getAttribute('data-tour-step');
    titles.push(await shown.getByRole('heading').innerText());
    const primary = shown.locator('[data-action="primary"]');
    const label = await primary.innerText();
    if (shot && step < 3) await tourShot(page, `${shot}-step-${step + 1}`);
    if (label === 'Finished') {
      await primary.click();
      await tooltip(page).waitFor({ state: 'detached' });
      expect(await missingTargets(page)).toEqual([]);
      // Saved before the test moves on (a page left at once would cancel the request).
      if (recorded) await expect.poll(() => completedTours(page)).toContain(recorded);
      return titles;
    }
    expect(label).toMatch(/^Next \(\d+ of \d+\)$/);
    await primary.click();
    await page.locator(`[data-tour-step="${index}"]`).waitFor({ state: 'detached' });
  }
  throw new Error(`The tour did not finish: ${titles.join(' → ')}`);
};

describe('Onboarding tours', () => {
  const browser = useBrowser();

  it('a new account sees the dashboard tour; skipped, it is recorded and does not come back', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signInWithTours(page, { due: TOUR_IDS });
      const shown = tooltip(page);
      await shown.getByRole('heading', { name: 'Welcome to Sailpost' }).waitFor();
      // Progress on the main button, the dialog named by the step's title for screen readers.
      expect(await shown.locator('[data-action="primary"]').innerText()).toBe('Next (1 of 2)');
      await expect
        .poll(() => page.getByRole('dialog', { name: 'Welcome to Sailpost' }).count())
        .toBe(1);
      await tourShot(page, 'tour-dashboard-1280');
      // The tooltip itself passes axe (names, contrast of its text and buttons).
      const { violations } = await new AxeBuilder({ page }).include('[data-tour-step]').analyze();
      expect(
        violations.filter((found) => found.impact === 'serious' || found.impact === 'critical'),
      ).toEqual([]);
      await shown.getByRole('button', { name: 'Skip' }).click();
      await tooltip(page).waitFor({ state: 'detached' });
      await expect.poll(() => completedTours(page)).toContain('dashboard');

      await page.reload();
      await page.getByRole('link', { name: 'Create Your First Company' }).waitFor();
      // Long enough for a due tour (it starts once the page has its data).
      await page.waitForTimeout(2500);
      expect(await tooltip(page).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('with a company, /dashboard runs company-dashboard, and finishing it records dashboard too', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signInWithTours(page, { due: TOUR_IDS, company: true });
      const titles = await walkTour(page, 'tour-company-dashboard-1280');
      expect(titles).toEqual([
        'Your companies',
        'Drafts waiting',
        'Switch companies in the sidebar',
      ]);
      await expect
        .poll(() => completedTours(page))
        .toEqual(expect.arrayContaining(['company-dashboard', 'dashboard']));
    } finally {
      await context.close();
    }
  });

  it('the campaigns page runs campaigns-empty without a campaign and campaigns-with-data with one', async () => {
    const { context, page } = await newPage(browser());
    try {
      const { companyPath } = await signInWithTours(page, {
        due: ['campaigns-empty', 'campaigns-with-data'],
        company: true,
      });
      await page.goto(`${companyPath!}/campaigns`);
      await tooltip(page).getByRole('heading', { name: 'Campaigns drive your posts' }).waitFor();
      await tooltip(page).getByRole('button', { name: 'Skip' }).click();
      await expect.poll(() => completedTours(page)).toContain('campaigns-empty');

      await campaignThroughApi(page, companyPath!, { platforms: [] });
      await page.reload();
      await tooltip(page).getByRole('heading', { name: 'Your campaigns' }).waitFor();
      await tooltip(page).getByRole('button', { name: 'Skip' }).click();
      await expect.poll(() => completedTours(page)).toContain('campaigns-with-data');
    } finally {
      await context.close();
    }
  });

  it('Replay tours on the profile brings the tours back; the help icon replays a page’s tour', async () => {
    const { context, page } = await newPage(browser());
    try {
      const { companyPath } = await signInWithTours(page, { due: [], company: true });
      await page.waitForTimeout(1500);
      expect(await tooltip(page).count()).toBe(0);

      // The help icon: the page's tour again, though completed; Escape skips it and focus
      // comes back to the icon.
      await page.goto(`${companyPath!}/platforms`);
      const help = page.getByRole('button', { name: 'Show the tour of this page' });
      await help.click();
      const shown = tooltip(page);
      await shown.getByRole('heading', { name: 'Connect your accounts' }).waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-action')))
        .toBe('primary');
      // Tab stays in the tooltip.
      for (let press = 0; press < 4; press++) {
        await page.keyboard.press('Tab');
        expect(
          await page.evaluate(() => !!document.activeElement?.closest('[data-tour-step]')),
        ).toBe(true);
      }
      await page.keyboard.press('Escape');
      await shown.waitFor({ state: 'detached' });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null))
        .toBe('Show the tour of this page');

      await page.goto('/profile');
      await page.getByRole('button', { name: 'Replay tours' }).click();
      await page.getByText('The tours will show again on each page').first().waitFor();
      await expect.poll(() => completedTours(page)).toEqual([]);
      await page.getByRole('link', { name: 'Dashboard' }).first().click();
      await tooltip(page).getByRole('heading', { name: 'Your companies' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it.each([DESKTOP, PHONE])(
    'walks every tour to Finished with no missing step ($width px)',
    async (viewport) => {
      const { context, page } = await newPage(browser(), viewport);
      const size = viewport.width;
      try {
        await signInWithTours(page, { due: TOUR_IDS });
        await walkTour(page, `tour-dashboard-${size}`, 'dashboard');

        await page.goto('/dashboard/companies/new');
        await walkTour(page, `tour-company-form-${size}`, 'company-form');

        // The company through the API: its form's tour is done above.
        const company = await api((await storedToken(page))!, 'POST', '/companies', {
          name: 'Harbor Coffee',
          description: 'Small-batch roaster',
          timeZone: 'America/New_York',
        });
        const companyPath = `/dashboard/company/${String(company._id)}`;
        await page.goto('/dashboard');
        expect(
          await walkTour(page, `tour-company-dashboard-${size}`, 'company-dashboard'),
        ).toHaveLength(3);

        // The edit form has the time zone and morning hour: its tour through the help icon.
        await page.goto(`${companyPath}/edit`);
        await page.getByRole('button', { name: 'Show the tour of this page' }).click();
        expect(await walkTour(page, `tour-company-edit-${size}`)).toContain(
          'Time zone and morning hour',
        );

        await page.goto(`${companyPath}/platforms`);
        await walkTour(page, `tour-platforms-${size}`, 'platforms');

        await page.goto(`${companyPath}/campaigns`);
        await walkTour(page, `tour-campaigns-empty-${size}`, 'campaigns-empty');

        await page.goto(`${companyPath}/campaigns/new`);
        expect(await walkTour(page, `tour-campaign-form-${size}`, 'campaign-form')).toHaveLength(5);

        // A draft, as a new campaign is (no platform connected: none on it).
        const campaignId = await campaignThroughApi(page, companyPath, {
          status: 'draft',
          platforms: [],
        });
        await page.goto(`${companyPath}/campaigns`);
        await walkTour(page, `tour-campaigns-with-data-${size}`, 'campaigns-with-data');

        await page.goto(`${companyPath}/campaigns/${campaignId}`);
        expect(await walkTour(page, `tour-campaign-details-${size}`, 'campaign-details')).toContain(
          'Active before content',
        );

        await expect
          .poll(async () => [...(await completedTours(page))].sort())
          .toEqual([...TOUR_IDS].sort());
      } finally {
        await context.close();
      }
    },
    240_000,
  );
});
