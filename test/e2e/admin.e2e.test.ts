import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeFindings, seriousViolations, type Finding } from './axe';
import {
  baseUrl,
  dismissPhoneVerification,
  logIn,
  newAccount,
  newPage,
  registerThroughApi,
  screenshot,
  useBrowser,
} from './browser';

/**
 * The business's numbers in the browser: an admin follows **Business numbers** from the sidebar
 * and sees the plans, the funnel and the days (axe at desktop and phone widths, photographed); an
 * ordinary account has no such link, and the address shows it the 404 page.
 */

const WIDTHS = [
  { name: '1280', viewport: { width: 1280, height: 800 } },
  { name: '390', viewport: { width: 390, height: 844 } },
] as const;

const makeAdmin = async (email: string) => {
  const response = await fetch(`${baseUrl()}/_sandbox/api/users/role`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, role: 'admin' }),
  });
  expect(response.status, await response.text()).toBeLessThan(300);
};

const signIn = async (page: Page, email: string) => {
  await page.goto('/login');
  await logIn(page, email);
  await dismissPhoneVerification(page);
};

describe('the business numbers in the browser', () => {
  const browser = useBrowser();

  it('an admin reaches them from the sidebar; anyone else finds no page there', async () => {
    const findings: Finding[] = [];
    const admin = await registerThroughApi(newAccount({ firstName: 'Alex' }));
    await makeAdmin(admin.email);
    const { context, page } = await newPage(browser());
    await signIn(page, admin.email);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Business numbers' })
      .click();
    await page.getByRole('heading', { name: 'Business numbers', level: 1 }).waitFor();
    const funnel = page.getByRole('table', { name: /reached each step/ });
    await funnel.waitFor();
    // The admin's own sign-up is among today's.
    expect(
      Number(
        await funnel
          .getByRole('row', { name: /Signed up/ })
          .getByRole('cell')
          .first()
          .textContent(),
      ),
    ).toBeGreaterThan(0);
    for (const width of WIDTHS) {
      await page.setViewportSize(width.viewport);
      await funnel.waitFor();
      findings.push(...(await seriousViolations(page, `business numbers @${width.name}`)));
      await screenshot(page, `admin-business-numbers-${width.name}`);
    }
    await context.close();

    const owner = await registerThroughApi(newAccount({ firstName: 'Maya' }));
    const other = await newPage(browser());
    await signIn(other.page, owner.email);
    await other.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Support' })
      .waitFor();
    expect(
      await other.page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Business numbers' })
        .count(),
    ).toBe(0);
    await other.page.goto('/dashboard/admin');
    await other.page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await other.context.close();

    expect(findings, describeFindings(findings)).toEqual([]);
  });
});
