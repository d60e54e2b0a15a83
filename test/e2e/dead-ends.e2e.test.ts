import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, screenshot, storedToken, useBrowser } from './browser';
import { campaignThroughApi, connectX, ownerWithCompany } from './owners';

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

describe('dead ends in the browser', () => {
  const browser = useBrowser();

  it('Generate on a draft campaign → Activate → generate, its only platform chosen', async () => {
    const { context, page } = await newPage(browser());
    const company = await ownerWithCompany(page);
    await connectX(page, company);

    // A new campaign is a draft: here one on X alone, made through the API.
    const campaignId = await campaignThroughApi(page, company, {
      name: 'Winter soup week',
      description: 'A new soup and bread pairing every day of the week.',
      status: 'draft',
    });

    await page.goto(`${company}/campaigns/${campaignId}`);
    const section = page.getByRole('region', { name: 'Content', exact: true });
    await section.getByRole('button', { name: 'Generate Content' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Generate Content' });
    // The dialog says why Generate waits, and offers the way on; X is the only platform: chosen.
    await dialog
      .getByText(
        'This campaign is a draft. Activate it to generate content; posts still wait for your approval.',
      )
      .waitFor();
    expect(await dialog.getByRole('radio', { name: 'X (Twitter)' }).isChecked()).toBe(true);
    const generate = dialog.getByRole('button', { name: 'Generate', exact: true });
    expect(await generate.isDisabled()).toBe(true);
    await screenshot(page, 'generate-draft-campaign-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'generate-draft-campaign-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    await dialog.getByRole('button', { name: 'Activate campaign' }).click();
    await toast(page, 'Campaign status updated successfully').waitFor();
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Activate campaign' }).count())
      .toBe(0);
    // Focus is on Generate, which now generates.
    await expect
      .poll(() => generate.evaluate((button) => button === document.activeElement))
      .toBe(true);
    await screenshot(page, 'generate-activated-1280');
    await generate.click();
    await toast(page, 'Content generated successfully').waitFor({ timeout: 30_000 });
    await section
      .getByRole('list', { name: 'Generated posts' })
      .getByRole('listitem')
      .filter({ hasText: 'X (Twitter) post' })
      .waitFor();

    const campaign = await fetch(`${baseUrl()}/api/campaigns/${campaignId}`, {
      headers: { authorization: `Bearer ${await storedToken(page)}` },
    });
    expect(((await campaign.json()) as { status: string }).status).toBe('active');
    await context.close();
  });

  it("the overview says the morning's draft was not texted, and why; Morning now says it too", async () => {
    const { context, page } = await newPage(browser());
    const company = await ownerWithCompany(page);
    const companyId = company.split('/').pop()!;
    await connectX(page, company);
    await campaignThroughApi(page, company, {
      name: 'Winter soup week',
      description: 'A new soup and bread pairing every day of the week.',
    });

    // The morning, as Morning now runs it: one draft, and no verified phone to text it to.
    const morning = await fetch(`${baseUrl()}/_sandbox/api/jobs/daily-drafts/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ companyId }),
    });
    const { outcome } = (await morning.json()) as { outcome: { result: { summary: string } } };
    expect(outcome.result.summary).toBe(
      '1 draft written; nothing was sent: the owner has no verified phone.',
    );

    await page.goto(company);
    const notice = page
      .getByRole('status')
      .filter({ hasText: 'Today’s morning draft was not texted' });
    await notice.waitFor();
    await notice
      .getByText(
        /^Your phone is not verified\. It waits for your review in its campaign; verify your phone, and the next drafts come by text on .+, New York time\.$/,
      )
      .waitFor();
    expect(await notice.getByRole('link', { name: 'Verify your phone' }).getAttribute('href')).toBe(
      '/profile',
    );
    await screenshot(page, 'overview-morning-not-texted-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'overview-morning-not-texted-390');

    // The sandbox's page shows what Morning now said, on the morning job's last run.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/_sandbox#schedules');
    await page
      .locator('[data-job="daily-drafts"]')
      .getByText('nothing was sent: the owner has no verified phone.')
      .waitFor();
    await screenshot(page, 'sandbox-morning-now-said-1280');
    await context.close();
  });
});
