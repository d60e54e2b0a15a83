import { describe, expect, it } from 'vitest';
import {
  dismissPhoneVerification,
  logIn,
  newPage,
  registerThroughApi,
  screenshot,
  unique,
  useBrowser,
} from './browser';

/**
 * Google on the profile, through the sandbox's stand-in for Google: an owner who signed in with
 * a password links Google (typing the password again), comes back to the profile with it shown
 * masked, sees how each session signed in, and unlinks it. Link Google is offered only where the
 * deployment offers Google sign-in (`GET /api/config` answers `googleSignIn: true`).
 */
describe('Google on the profile', () => {
  const browser = useBrowser();

  it('links Google after the password, shows it masked with the sessions, and unlinks it', async () => {
    const account = await registerThroughApi();
    const googleEmail = `g${unique()}@gmail.com`;
    const { context, page } = await newPage(browser());
    try {
      await page.goto('/login');
      await logIn(page, account.email, account.password);
      await page.waitForURL('**/dashboard');
      await dismissPhoneVerification(page);
      await page.goto('/profile');

      await expect.poll(() => page.getByText('Google: not connected').isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Link Google' }).click();
      const dialog = page.getByRole('dialog', { name: 'Link Google' });
      await dialog.getByLabel('Password', { exact: true }).fill(account.password);
      await screenshot(page, 'profile-google-link-dialog-1280');
      await dialog.getByRole('button', { name: 'Continue to Google' }).click();

      await page.waitForURL('**/_sandbox/providers/google/**');
      await page.getByLabel('Email', { exact: true }).fill(googleEmail);
      await page.getByRole('button', { name: 'Allow' }).click();

      await page.waitForURL('**/profile');
      const masked = `g…@gmail.com`;
      await expect
        .poll(() => page.getByText(`Google: connected as ${masked}`).isVisible())
        .toBe(true);
      await expect
        .poll(() => page.getByText('Google linked: you can now sign in with Google.').isVisible())
        .toBe(true);
      expect(new URL(page.url()).search).toBe('');
      const sessions = page.getByRole('list', { name: 'Signed-in sessions' });
      await expect
        .poll(() => sessions.getByText('Signed in with password').first().isVisible())
        .toBe(true);
      await expect.poll(() => sessions.getByText('This device').isVisible()).toBe(true);
      await screenshot(page, 'profile-google-linked-1280');
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'profile-google-linked-390');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
      expect(overflow).toBe(false);
      await page.setViewportSize({ width: 1280, height: 800 });

      await page.getByRole('button', { name: 'Unlink', exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Unlink Google?' });
      await screenshot(page, 'profile-google-unlink-1280');
      await confirm.getByRole('button', { name: 'Unlink', exact: true }).click();
      await expect.poll(() => page.getByText('Google: not connected').isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
