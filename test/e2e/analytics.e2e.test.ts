import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { GA4_STAND_IN_PATH, type RecordedAnalyticsEvent } from '#shared/domain/analytics';
import { setPaidTier } from '../api/db';
import { receivedAnalytics } from '../support/analytics-payloads';
import {
  AFTER_REGISTRATION,
  baseUrl,
  completeToursInPage,
  dismissPhoneVerification,
  fillRegistration,
  newAccount,
  newPage,
  storedToken,
  useBrowser,
} from './browser';
import { connectX, ownerWithCompany } from './owners';

/** "2026-05-04": the day `offset` days from today (UTC). */
const day = (offset: number) =>
  new Date(Date.now() + offset * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** The sidebar's link to the profile (named after the signed-in person). */
const profileLink = (page: Page) => page.locator('a[href="/profile"]').first();

/** The viewport alone: the banner stays at its foot, where a full-page shot would not show it. */
const viewportShot = async (page: Page, name: string) => {
  await mkdir(path.resolve('screenshots'), { recursive: true });
  await page.screenshot({ path: path.resolve('screenshots', `${name}.png`) });
};

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies and analytics' });

/** This browser's GA client id, from the `_ga` cookie the tag sets once analytics is accepted. */
const clientIdOf = async (page: Page): Promise<string> => {
  let id: string | undefined;
  await expect
    .poll(async () => {
      const cookies = await page.context().cookies();
      id = /^GA1\.1\.(\d+\.\d+)$/.exec(cookies.find((c) => c.name === '_ga')?.value ?? '')?.[1];
      return id;
    })
    .toBeTruthy();
  return id!;
};

/** What the stand-in received from this browser, by event name. */
const eventsFrom = async (clientId: string): Promise<RecordedAnalyticsEvent[]> =>
  (await receivedAnalytics(baseUrl())).filter((event) => event.clientId === clientId);

const namesFrom = async (clientId: string) =>
  (await eventsFrom(clientId)).map((event) => event.event);

describe('analytics in the browser', () => {
  const browser = useBrowser();

  it('with analytics refused, registering loads no tag and sends nothing', async () => {
    const { page } = await newPage(browser(), undefined, { consent: 'undecided' });
    const toAnalytics: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith(GA4_STAND_IN_PATH) || /google/.test(url.hostname))
        toAnalytics.push(request.url());
    });
    const answer = await page.goto('/register');
    // The sandbox's stand-in is on the app's origin: no Google host is allowed.
    expect(answer?.headers()['content-security-policy']).not.toMatch(/google/);
    await banner(page).waitFor();
    await viewportShot(page, 'consent-banner-1280');
    await banner(page).getByRole('button', { name: 'Reject' }).click();
    await banner(page).waitFor({ state: 'detached' });

    await fillRegistration(page, newAccount());
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard', AFTER_REGISTRATION);
    await completeToursInPage(page);
    await dismissPhoneVerification(page);
    await profileLink(page).click();
    await page.waitForURL('**/profile');

    expect(toAnalytics).toEqual([]);
    expect(await page.context().cookies()).not.toContainEqual(
      expect.objectContaining({ name: '_ga' }),
    );
    const commands = await page.evaluate(() =>
      (window.dataLayer ?? []).map((command) => Array.from(command as ArrayLike<unknown>)[0]),
    );
    expect(commands).toEqual([]);
  });

  it('accepted, registering sends sign_up_start, sign_up_complete and sign_up; a page change one page_view', async () => {
    const { page } = await newPage(browser(), undefined, { consent: 'undecided' });
    await page.goto('/register');
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await banner(page).waitFor({ state: 'detached' });
    const clientId = await clientIdOf(page);

    await fillRegistration(page, newAccount());
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard', AFTER_REGISTRATION);
    await completeToursInPage(page);
    await dismissPhoneVerification(page);
    await expect
      .poll(() => namesFrom(clientId))
      .toEqual(
        expect.arrayContaining(['sign_up_start', 'sign_up_complete', 'sign_up', 'page_view']),
      );
    const signUp = (await eventsFrom(clientId)).find((event) => event.event === 'sign_up');
    expect(signUp).toMatchObject({ params: { method: 'password' }, consent: expect.anything() });
    expect(signUp!.consent).toMatchObject({ analytics_storage: 'granted', ad_storage: 'denied' });

    // A page change in the app: one page_view, titled by its route, never by the page's names.
    await profileLink(page).click();
    await page.waitForURL('**/profile');
    await expect
      .poll(async () =>
        (await eventsFrom(clientId)).filter(
          (event) => event.event === 'page_view' && event.page?.title === '/profile',
        ),
      )
      .toHaveLength(1);
    // A moment more: a second page_view for the same change would have arrived by now.
    await page.waitForTimeout(1000);
    const views = (await eventsFrom(clientId)).filter((event) => event.event === 'page_view');
    expect(views.filter((event) => event.page?.title === '/profile')).toHaveLength(1);
    expect(views.filter((event) => event.page?.title === '/dashboard')).toHaveLength(1);

    // Cookie settings in the profile: refusing stops everything after it.
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await banner(page).getByLabel('Analytics').uncheck();
    await banner(page).getByRole('button', { name: 'Save choices' }).click();
    await page.getByText('Analytics is off in this browser').waitFor();
    const before = (await eventsFrom(clientId)).length;
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForURL('**/dashboard');
    await page.waitForTimeout(1000);
    expect(await eventsFrom(clientId)).toHaveLength(before);
  });

  it('connecting X, approving and rejecting a post send their events with the platform', async () => {
    const { page } = await newPage(browser());
    const company = await ownerWithCompany(page);
    const clientId = await clientIdOf(page);
    await setPaidTier(company.split('/').pop()!, 'gold');
    await connectX(page, company);
    await expect
      .poll(async () => (await eventsFrom(clientId)).find((e) => e.event === 'social_connect'))
      .toMatchObject({ params: { platform: 'twitter' } });

    const token = await storedToken(page);
    const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${baseUrl()}/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(response.status, await response.clone().text()).toBeLessThan(300);
      return (await response.json()) as T;
    };
    const { _id: campaignId } = await api<{ _id: string }>('POST', '/campaigns', {
      company: company.split('/').pop(),
      name: 'Autumn blend launch',
      status: 'active',
      startDate: day(-1),
      endDate: day(30),
      platforms: ['twitter'],
      schedule: { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], times: ['09:00'] },
      contentSeeds: { brandVoice: 'Warm', keyMessages: ['Fresh roast'], contentInstructions: '' },
    });
    for (let count = 0; count < 2; count++) {
      const { generationId } = await api<{ generationId: string }>(
        'POST',
        `/campaigns/${campaignId}/generate`,
        { platform: 'twitter', sendNotification: false },
      );
      await expect
        .poll(
          async () =>
            (await api<{ status: string }>('GET', `/ai/generations/${generationId}`)).status,
          { timeout: 20_000 },
        )
        .toBe('succeeded');
    }

    await page.goto(`${company}/campaigns/${campaignId}`);
    const content = page.getByRole('region', { name: 'Content', exact: true });
    const drafts = content
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Approve' }) });
    await expect.poll(() => drafts.count()).toBe(2);
    await drafts.first().getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => drafts.count()).toBe(1);
    await drafts.first().getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => drafts.count()).toBe(0);

    await expect
      .poll(async () =>
        (await eventsFrom(clientId))
          .filter((event) => event.event.startsWith('content_'))
          .map(({ event, params }) => ({ event, params })),
      )
      .toEqual([
        { event: 'content_approve', params: { platform: 'twitter', via: 'app' } },
        { event: 'content_reject', params: { platform: 'twitter', via: 'app' } },
      ]);
    // The campaign's page is titled by its name and company; analytics sees only the route.
    const campaignView = (await eventsFrom(clientId)).find(
      (event) =>
        event.event === 'page_view' && event.page?.location.endsWith(`/campaigns/${campaignId}`),
    );
    expect(campaignView?.page?.title).toBe('/dashboard/company/:companyId/campaigns/:campaignId');
  });

  it('shows the banner on a phone without covering the page', async () => {
    const { page } = await newPage(
      browser(),
      { width: 390, height: 844 },
      { consent: 'undecided' },
    );
    await page.goto('/');
    await banner(page).waitFor();
    await viewportShot(page, 'consent-banner-390');
    await banner(page).getByRole('button', { name: 'Choose' }).click();
    await banner(page).getByLabel('Analytics').waitFor();
    await viewportShot(page, 'consent-banner-choose-390');
    // Not a wall: the page behind stays usable.
    await page.getByRole('link', { name: 'Get started' }).first().click();
    await page.waitForURL('**/register');
  });
});
