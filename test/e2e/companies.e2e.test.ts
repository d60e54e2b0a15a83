import { describe, expect, inject, it } from 'vitest';
import {
  dismissPhoneVerification,
  latestMessage,
  newAccount,
  newPage,
  registerThroughForm,
  screenshot,
  useBrowser,
} from './browser';
import { setRole } from '../api/db';

describe('companies and phone verification in the browser', () => {
  const browser = useBrowser();

  it('register → verify the phone with the texted code → fill a company from its website → save with two colours → overview → edit → delete', async () => {
    const { context, page } = await newPage(browser());
    const { phoneDigits: digits } = await registerThroughForm(page);

    // The dashboard asks to verify the phone; the code arrives by text (the sandbox inbox).
    const modal = page.getByRole('dialog', { name: 'Verify your phone number' });
    await modal.waitFor();
    await screenshot(page, 'verify-phone-1280');
    await modal.getByRole('button', { name: 'Send Code' }).click();
    const codeDialog = page.getByRole('dialog', { name: 'Enter your code' });
    await codeDialog.waitFor();
    await expect
      .poll(async () => (await latestMessage(`+1${digits}`))?.text ?? '')
      .toMatch(/\b\d{6}\b/);
    const code = /\b(\d{6})\b/.exec((await latestMessage(`+1${digits}`))!.text)![1]!;
    await codeDialog.getByLabel('Verification code').fill(code);
    await codeDialog.getByRole('button', { name: 'Verify' }).click();
    await codeDialog.waitFor({ state: 'detached' });
    // The sidebar's phone icon (an SVG whose <title> names the state) turns to verified.
    await expect
      .poll(() => page.locator('aside svg title').allTextContents())
      .toContain('Phone verified');

    // The first 50 accounts are founders, whose companies have no trial: this test's account is
    // made an ordinary one, so that its company starts the 14-day trial the overview shows.
    const userId = await page.evaluate(
      () =>
        (
          JSON.parse(localStorage.getItem('user') ?? sessionStorage.getItem('user') ?? '{}') as {
            _id?: string;
          }
        )._id,
    );
    await setRole(userId!, 'user');

    // A company from its website: the form fills itself, the owner adds a second colour.
    await page.getByRole('link', { name: 'Create Your First Company' }).click();
    await page.waitForURL('**/companies/new');
    await page.getByLabel('Website').fill(`${inject('testSiteOrigin')}/`);
    await page.getByRole('button', { name: 'Fill from website' }).click();
    await expect.poll(() => page.getByLabel('Company name').inputValue()).toBe('Harbor Coffee');
    expect(await page.getByLabel('Description').inputValue()).toContain('roasts small batches');
    expect(await page.getByLabel('Brand voice').inputValue()).not.toBe('');
    const hexInputs = page.getByLabel(/^Brand colour \d+ hex code$/);
    await expect.poll(() => hexInputs.count()).toBe(2);
    await page.getByRole('button', { name: 'Remove colour 2' }).click();
    await page.getByRole('button', { name: 'Add colour' }).click();
    await page.getByLabel('Brand colour 2 hex code').fill('#1F7A4D');
    await screenshot(page, 'company-form-filled-1280');
    await page.getByRole('button', { name: 'Create company' }).click();

    await page.waitForURL(/\/dashboard\/company\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Harbor Coffee', level: 1 }).waitFor();
    await page.getByText('Free Trial Active').first().waitFor();
    await page.getByText('No recent activity to display.').waitFor();
    await screenshot(page, 'company-overview-1280');

    await page.getByRole('link', { name: /^Edit/ }).first().click();
    await page.waitForURL('**/edit');
    await page.getByLabel('Company name').fill('Harbor Coffee Roasters');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: 'Harbor Coffee Roasters', level: 1 }).waitFor();

    const overviewUrl = page.url();
    const companyId = overviewUrl.split('/').pop()!;
    const saved = await page.evaluate(async (id) => {
      const token = localStorage.getItem('token') ?? sessionStorage.getItem('token');
      const response = await fetch(`/api/companies/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await response.json()) as { brandColors: string[] };
    }, companyId);
    expect(saved.brandColors).toEqual(['#0B5FFF', '#1F7A4D']);

    await page
      .getByRole('button', { name: /^Delete/ })
      .first()
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete company?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page
      .getByRole('button', { name: /^Delete/ })
      .first()
      .click();
    await page
      .getByRole('alertdialog', { name: 'Delete company?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('link', { name: 'Create Your First Company' }).waitFor();
    await context.close();
  });

  it('the dashboard, form and overview fit a phone (390 px)', async () => {
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    await registerThroughForm(page, newAccount({ firstName: 'Noah', lastName: 'Reyes' }));
    await dismissPhoneVerification(page);
    await screenshot(page, 'dashboard-390');

    await page.goto('/dashboard/company/new');
    await page.getByLabel('Company name').fill('Tide Surf School');
    await page.getByRole('button', { name: 'Create company' }).click();
    await page.waitForURL(/\/dashboard\/company\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Tide Surf School', level: 1 }).waitFor();
    await page.getByText('No description').waitFor();
    for (const name of ['company-overview-390']) {
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await screenshot(page, name);
    }
    await context.close();
  });
});
