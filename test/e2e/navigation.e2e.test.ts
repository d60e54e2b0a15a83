import { beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  dismissPhoneVerification,
  displayPhone,
  fillRegistration,
  logIn,
  newAccount,
  newPage,
  registerThroughApi,
  screenshot,
  storedToken,
  useBrowser,
  AFTER_REGISTRATION,
} from './browser';

const MOBILE = { width: 390, height: 844 };

describe('navigation and sessions in the browser', () => {
  const browser = useBrowser();
  /** One account for the tests that sign in (registrations are limited per address). */
  let email: string;
  beforeAll(async () => {
    ({ email } = await registerThroughApi());
  });

  it('registration: one success toast, a filling bar and Continue, then the dashboard', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/register');
    await fillRegistration(page, newAccount());
    await page.getByRole('button', { name: 'Create account' }).click();
    const toast = page.getByText('Registration successful!');
    await toast.first().waitFor();
    await page.getByRole('progressbar', { name: 'Taking you to your dashboard…' }).waitFor();
    await page.waitForTimeout(1200);
    expect(await toast.count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    await screenshot(page, 'nav-register-success-1280');
    await page.waitForURL('**/dashboard', AFTER_REGISTRATION);
    expect(await toast.count()).toBeLessThanOrEqual(1);
    await context.close();
  });

  it('a deep link survives sign-in; a signed-in user opening /login or /register goes to the dashboard', async () => {
    const { context, page } = await newPage(browser());

    await page.goto('/profile');
    await page.waitForURL('**/login?next=%2Fprofile');
    await logIn(page, email);
    await page.waitForURL('**/profile');
    await page
      .getByRole('heading', { name: /profile/i })
      .first()
      .waitFor();

    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    await page.goto('/register');
    await page.waitForURL('**/dashboard');

    // An address elsewhere in ?next= is ignored.
    // Signed out: a tab's storage and the browser's session cookies (with them the tab would
    // renew the session and skip the login page).
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await context.clearCookies();
    await page.goto('/login?next=%2F%2Fevil.example%2Fprofile');
    await logIn(page, email);
    await page.waitForURL('**/dashboard');
    expect(page.url()).toMatch(/^http:\/\/[^/]+\/dashboard$/);
    await context.close();
  });

  it('when the session is revoked elsewhere, the login page says so once and brings the user back', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/login');
    await logIn(page, email);
    await page.waitForURL('**/dashboard');
    const token = await storedToken(page);

    // 'Sign out everywhere' on another device.
    const other = await browser().newContext({ baseURL: baseUrl() });
    const revoke = await other.request.post('/api/auth/logout-all', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(revoke.status()).toBeLessThan(300);
    await other.close();

    await page.goto('/profile');
    await page.waitForURL('**/login?next=%2Fprofile');
    const notice = page.getByRole('status').filter({ hasText: 'Your session has ended' });
    await notice.waitFor();
    await screenshot(page, 'nav-session-ended-1280');
    await page.reload();
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByText('Your session has ended').count()).toBe(0);

    await logIn(page, email);
    await page.waitForURL('**/profile');
    await context.close();
  });

  it('the 404 page: Home and Log in when signed out, Go to Dashboard when signed in', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Home' }).waitFor();
    expect(await page.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(await page.getByRole('link', { name: 'Go to Dashboard' }).count()).toBe(0);
    await screenshot(page, 'nav-404-signed-out-1280');

    await page.goto('/login');
    await logIn(page, email);
    await page.waitForURL('**/dashboard');
    await page.goto('/no/such/page');
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('the 404 page at 390 px', async () => {
    const { context, page } = await newPage(browser(), MOBILE);
    await page.goto('/no/such/page');
    await page.getByRole('link', { name: 'Home' }).waitFor();
    await screenshot(page, 'nav-404-signed-out-390');
    await context.close();
  });

  it('the landing page menu at 390 px: opens, links, Escape closes', async () => {
    const { context, page } = await newPage(browser(), MOBILE);
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await menuButton.waitFor();
    // The section links of the wide header are hidden at this width.
    expect(await page.getByRole('navigation', { name: 'Sections' }).isVisible()).toBe(false);
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');

    // Pressed perhaps before the app has taken the prerendered page over: it opens once it has.
    await menuButton.click();
    await expect.poll(() => menuButton.getAttribute('aria-expanded')).toBe('true');
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await menu.waitFor();
    for (const name of ['How it works', 'Platforms', 'Pricing', 'Log in']) {
      expect(await menu.getByRole('link', { name }).isVisible()).toBe(true);
    }
    await page.screenshot({ path: 'screenshots/nav-landing-menu-390.png' });

    await page.keyboard.press('Escape');
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.isVisible()).toBe(false);
    expect(await menuButton.evaluate((button) => button === document.activeElement)).toBe(true);

    // Keyboard: Enter opens, Tab reaches the links, a followed link closes the menu.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(
      await menu
        .getByRole('link', { name: 'How it works' })
        .evaluate((link) => link === document.activeElement),
    ).toBe(true);
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL('**/#pricing');
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');

    await menuButton.click();
    await menu.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL('**/login');
    await screenshot(page, 'nav-login-390');

    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await screenshot(page, 'nav-landing-390');
    // The hero with the texts demo, as a wide screen first shows it.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByText('1 YES', { exact: true }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'screenshots/nav-landing-hero-1280.png' });
    await context.close();
  });

  it('what is typed on the prerendered sign-up page before the app takes over is kept', async () => {
    const { context, page } = await newPage(browser());
    // A slow phone: the app's code arrives well after the page has painted.
    // Every script but the entry (index-*.js), which only waits for the page to paint.
    await page.route(/\/assets\/(?!index-)[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue();
    });
    await page.goto('/register');
    const account = newAccount();
    await fillRegistration(page, account, { typePhone: true });
    expect(
      await page.evaluate(() => '__sailpostHydrated' in document.getElementById('root')!),
    ).toBe(false);
    await page.waitForFunction(() => '__sailpostHydrated' in document.getElementById('root')!);
    expect(await page.getByLabel('Email').inputValue()).toBe(account.email);
    expect(await page.getByLabel('Mobile phone (US)').inputValue()).toBe(
      displayPhone(account.phoneDigits),
    );
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard', AFTER_REGISTRATION);
    await context.close();
  });

  it('the dashboard quick tips show progress (1280 and 390 px)', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/login');
    await logIn(page, email);
    await page.waitForURL('**/dashboard');
    await dismissPhoneVerification(page);
    const tips = page.getByRole('region', { name: 'Quick tips' });
    const progress = tips.getByRole('progressbar', { name: 'Setup progress' });
    await progress.waitFor();
    expect(await progress.getAttribute('aria-valuetext')).toBe('0 of 4 done');

    // A company added elsewhere counts once the dashboard is opened again.
    const token = await storedToken(page);
    const created = await page.request.post('/api/companies', {
      headers: { authorization: `Bearer ${token}` },
      data: { name: 'Harbor Coffee' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const companyId = ((await created.json()) as { _id: string })._id;
    await page.reload();
    await expect
      .poll(() => progress.getAttribute('aria-valuetext'), { timeout: 10_000 })
      .toBe('1 of 4 done');
    await tips.getByRole('listitem', { name: 'Add your company, done' }).waitFor();
    expect(await tips.getByRole('link', { name: 'Connect a platform' }).getAttribute('href')).toBe(
      `/dashboard/company/${companyId}/platforms`,
    );
    await screenshot(page, 'nav-dashboard-tips-1280');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'nav-dashboard-tips-390');
    await context.close();
  });
});
