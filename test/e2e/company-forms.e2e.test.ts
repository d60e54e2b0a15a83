import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  dismissPhoneVerification,
  newAccount,
  newPage,
  registerThroughForm,
  screenshot,
  useBrowser,
} from './browser';

/**
 * A new account on the dashboard, the phone left for later. Ines Moreau by name: the sidebar's
 * profile link, which a test follows, shows it.
 */
const register = async (page: Page) => {
  await registerThroughForm(page, newAccount({ firstName: 'Ines', lastName: 'Moreau' }));
  await dismissPhoneVerification(page);
};

/** Harbor Coffee, filled from the test site (an empty form fills at once, nothing to review). */
const createCompanyFromWebsite = async (page: Page) => {
  await page.goto('/dashboard/company/new');
  await page.getByLabel('Website').fill(`${inject('testSiteOrigin')}/`);
  await page.getByRole('button', { name: 'Fill from website' }).click();
  await expect.poll(() => page.getByLabel('Company name').inputValue()).toBe('Harbor Coffee');
  expect(await page.getByRole('dialog').count()).toBe(0);
  await page.getByRole('button', { name: 'Create company' }).click();
  await page.waitForURL(/\/dashboard\/company\/[0-9a-f-]{36}$/);
  await page.getByRole('heading', { name: 'Harbor Coffee', level: 1 }).waitFor();
  return page.url();
};

const activeItemName = (page: Page) =>
  page.evaluate(() => {
    const menu = document.querySelector('[role="menu"]');
    const id = menu?.getAttribute('aria-activedescendant');
    return id ? (document.getElementById(id)?.textContent ?? '').trim() : '';
  });

describe('company forms in the browser', () => {
  const browser = useBrowser();

  it('picker by keyboard → review the website draft on the edit form → unsaved edits ask before leaving', async () => {
    const { context, page } = await newPage(browser());
    await register(page);
    const overview = await createCompanyFromWebsite(page);
    const sidebar = page.locator('aside');

    // The picker: a menu button; arrow keys move without navigating, Enter opens the company.
    await sidebar.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    const picker = sidebar.getByRole('button', { name: 'Company Select a company' });
    expect(await picker.getAttribute('aria-haspopup')).toBe('menu');
    await picker.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await expect.poll(() => activeItemName(page)).toMatch(/Harbor Coffee$/);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => activeItemName(page)).toBe('Add company');
    await screenshot(page, 'company-picker-open-1280');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => activeItemName(page)).toMatch(/Harbor Coffee$/);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.keyboard.press('Enter');
    await page.waitForURL(overview);
    await sidebar.getByRole('button', { name: 'Company Harbor Coffee' }).waitFor();
    // Closed with Escape, the menu hands focus back to its button.
    await sidebar.getByRole('button', { name: 'Company Harbor Coffee' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(
      await sidebar
        .getByRole('button', { name: 'Company Harbor Coffee' })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);

    // Fill from website on a written form: each change is shown, the owner's words unticked.
    await page.getByRole('link', { name: /^Edit/ }).first().click();
    await page.waitForURL('**/edit');
    await page.getByLabel('Company name').fill('Harbor Coffee Roasters');
    await page.getByRole('textbox', { name: 'Description' }).fill('Our own words.');
    await page.getByRole('button', { name: 'Fill from website' }).click();
    const review = page.getByRole('dialog', { name: /^Suggestions from / });
    await review.waitFor();
    const nameBox = review.getByRole('checkbox', { name: 'Company name' });
    const descriptionBox = review.getByRole('checkbox', { name: 'Description' });
    expect(await nameBox.isChecked()).toBe(false);
    expect(await descriptionBox.isChecked()).toBe(false);
    expect(await review.getByText('Our own words.').count()).toBe(1);
    await descriptionBox.check();
    await screenshot(page, 'company-fill-review-1280');
    await review.getByRole('button', { name: 'Apply selected' }).click();
    await review.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Company name').inputValue()).toBe('Harbor Coffee Roasters');
    expect(await page.getByRole('textbox', { name: 'Description' }).inputValue()).toContain(
      'roasts small batches',
    );

    // Leaving with unsaved edits asks; Stay keeps them, Leave goes.
    await sidebar.getByRole('link', { name: 'Dashboard' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await ask.waitFor();
    await screenshot(page, 'company-unsaved-ask-1280');
    await ask.getByRole('button', { name: 'Stay' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/edit$/);
    expect(await page.getByLabel('Company name').inputValue()).toBe('Harbor Coffee Roasters');
    await sidebar.getByRole('link', { name: 'Dashboard' }).click();
    await ask.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL('**/dashboard');

    // After a save, no question.
    await page.goto(`${overview}/edit`);
    await page.getByLabel('Company name').fill('Harbor Coffee Roasters');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: 'Harbor Coffee Roasters', level: 1 }).waitFor();
    expect(page.url()).toBe(overview);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await sidebar.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard');

    // The profile asks too.
    await sidebar.getByRole('link', { name: 'Ines Moreau' }).click();
    await page.getByLabel('First name').fill('Inès');
    await sidebar.getByRole('link', { name: 'Dashboard' }).click();
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Stay' }).click();
    expect(await page.getByLabel('First name').inputValue()).toBe('Inès');
    await context.close();
  });

  it("says a private or local address can't be read from here", async () => {
    const { context, page } = await newPage(browser());
    await register(page);
    await page.goto('/dashboard/company/new');
    const website = page.getByLabel('Website');
    for (const address of ['http://localhost:8080/', 'http://192.168.0.1/']) {
      await website.fill(address);
      await page.getByRole('button', { name: 'Fill from website' }).click();
      await page.getByText("This address can't be read from here").waitFor();
      expect(await website.evaluate((input) => input === document.activeElement)).toBe(true);
    }
    await screenshot(page, 'company-website-private-1280');
    await context.close();
  });

  it('the review dialog and the picker fit a phone (390 px)', async () => {
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    await register(page);
    await createCompanyFromWebsite(page);
    await page.goto('/dashboard');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('button', { name: 'Company Select a company' }).click();
    await page.getByRole('menu').waitFor();
    await page.screenshot({ path: 'screenshots/company-picker-open-390.png' });
    await page.getByRole('menuitem', { name: /Harbor Coffee/ }).click();
    await menu.waitFor({ state: 'hidden' });

    await page.getByRole('link', { name: /^Edit/ }).first().click();
    await page.waitForURL('**/edit');
    await page.getByRole('textbox', { name: 'Brand voice' }).fill('Short and sunny.');
    await page.getByRole('button', { name: 'Fill from website' }).click();
    await page.getByRole('dialog', { name: /^Suggestions from / }).waitFor();
    await page.screenshot({ path: 'screenshots/company-fill-review-390.png' });
    await page.getByRole('button', { name: 'Apply selected' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: 'Harbor Coffee', level: 1 }).waitFor();
    await context.close();
  });
});
