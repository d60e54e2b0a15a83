import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SOCIAL_ERROR_REDIRECT_MS } from '#shared/domain/limits';
import { newPage, screenshot, unique, useBrowser } from './browser';

/** /login → 'Continue with Google' → the sandbox's Google stand-in, its account form filled. */
const atGoogle = async (page: Page, email: string) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await page.waitForURL('**/_sandbox/providers/google/**');
  await page.getByRole('heading', { name: 'Choose an account to continue to Sailpost' }).waitFor();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
};

/**
 * Holds the SPA's trade of the single-use code until `release` is called, so the callback
 * screen's spinner can be looked at. Only the POST: the GET of the same path is Google's
 * redirect through the backend.
 */
const holdCodeTrade = async (page: Page) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/auth/google/callback', async (route) => {
    if (route.request().method() === 'POST') await released;
    await route.continue();
  });
  return release;
};

describe('Continue with Google in the browser', () => {
  const browser = useBrowser();

  it.each([
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ])(
    '/login → Google (Allow) → the dashboard, signed in and asked for a phone ($width px)',
    async (viewport) => {
      const { context, page } = await newPage(browser(), viewport);
      const release = await holdCodeTrade(page);
      await atGoogle(page, `g-${unique()}@gmail.com`);
      await page.getByRole('button', { name: 'Allow' }).click();

      await page.waitForURL('**/auth/google/callback?token=*');
      // No access token in the URL: a single-use code, traded by the SPA.
      expect(new URL(page.url()).searchParams.get('token')).not.toMatch(/^eyJ/);
      await page.getByText('Authenticating…').waitFor();
      await screenshot(page, `google-callback-spinner-${viewport.width}`);
      release();

      await page.waitForURL('**/dashboard');
      await page.getByText('Successfully signed in with Google!').first().waitFor();
      // A Google account has the placeholder phone: the dashboard asks for a real number.
      await page.getByRole('dialog', { name: 'Verify your phone number' }).waitFor();
      await screenshot(page, `google-dashboard-${viewport.width}`);
      // Remembered, as the backend's refresh cookie is persistent.
      expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^eyJ/);
      await context.close();
    },
  );

  it.each([
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ])('Cancel at Google → the error, then /login after 3 seconds ($width px)', async (viewport) => {
    const { context, page } = await newPage(browser(), viewport);
    await atGoogle(page, `g-${unique()}@gmail.com`);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.waitForURL('**/auth/google/callback?error=access_denied');
    const shownAt = Date.now();
    await page.getByText('Authentication failed. Please try again.').waitFor();
    await page.getByText('Google authentication failed').first().waitFor();
    // The toast fades in: let it finish before the picture.
    await page.waitForTimeout(500);
    await screenshot(page, `google-callback-cancelled-${viewport.width}`);

    await page.waitForURL('**/login');
    // The SPA waits its 3 seconds (the page may have appeared a little before we looked).
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(SOCIAL_ERROR_REDIRECT_MS - 500);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it.each([1280, 390])(
    "shows the server's words for an account Google may not sign in to (%i px)",
    async (width) => {
      const { context, page } = await newPage(browser(), { width, height: 800 });
      const message =
        'An account with this email already exists. Sign in with your password, then link Google from your profile.';
      await page.goto(
        `/auth/google/callback?error=account_exists&message=${encodeURIComponent(message)}`,
      );
      await page.getByText(message).waitFor();
      await screenshot(page, `google-callback-account-exists-${width}`);
      await context.close();
    },
  );
});
