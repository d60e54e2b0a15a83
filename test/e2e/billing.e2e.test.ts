import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, screenshot, useBrowser } from './browser';
import { ownerWithCompany } from './owners';

const heading = (page: Page) => page.getByRole('heading', { name: 'Harbor Coffee', level: 1 });

describe('plans in the browser', () => {
  const browser = useBrowser();

  it('trial banner → Gold through the sandbox checkout → the badge says Gold → LinkedIn connects → cancel → the pending-downgrade sentence', async () => {
    const { context, page } = await newPage(browser());
    const overview = await ownerWithCompany(page, { role: 'user' });
    await page.goto(overview);
    await heading(page).waitFor();

    // A new company's trial: 14 days, rounded up.
    await page.getByText('Free Trial Active').waitFor();
    await page.getByText('14 days remaining in your free trial.').waitFor();
    await screenshot(page, 'billing-trial-1280');

    await page.getByRole('button', { name: 'Choose Plan', exact: true }).click();
    const plans = page.getByRole('dialog', { name: 'Manage Subscription' });
    await plans.waitFor();
    await plans.getByText('$150').waitFor();
    await screenshot(page, 'billing-plans-trial-1280');
    await plans
      .getByRole('region', { name: 'Gold' })
      .getByRole('button', { name: 'Choose Plan' })
      .click();

    // The sandbox's stand-in for Stripe's hosted checkout.
    await page.waitForURL('**/_sandbox/stripe/checkout/**');
    await page.getByRole('heading', { name: 'Subscribe to Sailpost Gold' }).waitFor();
    await screenshot(page, 'billing-sandbox-checkout');
    await page.getByRole('button', { name: 'Pay and subscribe' }).click();

    // Back on the overview once the webhook has landed; the query is cleaned away.
    await page.getByText('Your company is now on the Gold plan.').waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect
      .poll(() => page.getByTitle('Subscription tier').first().textContent())
      .toBe('Gold');
    expect(await page.getByText('Free Trial Active').count()).toBe(0);
    await screenshot(page, 'billing-gold-1280');

    // Gold includes LinkedIn: its card offers Connect Now instead of Upgrade.
    await page.goto(`${overview}/platforms`);
    const linkedIn = page.getByRole('region', { name: 'LinkedIn' });
    await linkedIn.getByRole('button', { name: 'Connect Now' }).waitFor();
    expect(await linkedIn.getByRole('button', { name: 'Upgrade' }).count()).toBe(0);

    // Cancel, with the browser's confirmation: the plan stays until the period ends.
    await page.goto(overview);
    await heading(page).waitFor();
    await page.getByRole('button', { name: 'Manage Subscription' }).click();
    await plans.waitFor();
    const confirmations: string[] = [];
    page.once('dialog', (dialog) => {
      confirmations.push(dialog.message());
      void dialog.accept();
    });
    await plans.getByRole('button', { name: 'Cancel subscription' }).click();
    await page
      .getByText(
        'Subscription cancelled successfully. Your subscription will remain active until the end of the current billing period.',
      )
      .waitFor();
    expect(confirmations).toEqual([
      'Are you sure you want to cancel your subscription? Your subscription will remain active until the end of the current billing period.',
    ]);
    await plans
      .getByText(
        /^Your subscription will be cancelled on .+\. You will be downgraded to the Intro tier\.$/,
      )
      .waitFor();
    await plans.getByRole('button', { name: 'Resume subscription' }).waitFor();
    await screenshot(page, 'billing-pending-downgrade-1280');
    await context.close();
  });

  it("a founder's company has no trial: a Founder badge, and Intro is free for life", async () => {
    const { context, page } = await newPage(browser());
    const overview = await ownerWithCompany(page, { role: 'founder' });
    await page.goto(overview);
    await heading(page).waitFor();
    await page.getByText('Founder', { exact: true }).first().waitFor();
    expect(await page.getByText('Free Trial Active').count()).toBe(0);
    expect(await page.getByText('Trial Expired').count()).toBe(0);

    await page.getByRole('button', { name: 'Manage Subscription' }).click();
    const intro = page
      .getByRole('dialog', { name: 'Manage Subscription' })
      .getByRole('region', { name: 'Intro' });
    await intro.getByText('for life').waitFor();
    await intro.getByText('Free', { exact: true }).waitFor();
    expect(await intro.getByRole('button').count()).toBe(0);
    await screenshot(page, 'billing-founder-plans-1280');
    await context.close();
  });
});
