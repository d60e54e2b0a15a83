import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, screenshot, storedToken, useBrowser } from './browser';
import { gradientPng, noisePng } from './images';
import { connectX, ownerWithCompany } from './owners';

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

describe('campaigns in the browser', () => {
  const browser = useBrowser();

  it('empty list → create with a schedule → edit → two images with progress → usage → delete one → delete the campaign', async () => {
    const { context, page } = await newPage(browser());
    const company = await ownerWithCompany(page);
    await connectX(page, company);

    // The empty list.
    await page.goto(`${company}/campaigns`);
    await page.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor();
    await page.getByText("You don't have any campaigns yet.").waitFor();
    await screenshot(page, 'campaigns-empty-1280');
    await page.getByRole('link', { name: 'Create Your First Campaign' }).click();
    await page.waitForURL(`**${company}/campaigns/new`);

    // The manual form: defaults, then a schedule of Mon/Wed/Fri at 9:00 and 17:30. (The page
    // opens on the AI generator, whose hidden panel has a 'Campaign Intention' of its own.)
    await page.getByRole('tab', { name: 'Manual Campaign Creation' }).click();
    const manual = page.getByRole('tabpanel', { name: 'Manual Campaign Creation' });
    await manual.getByLabel('Campaign Name').fill('Autumn blend launch');
    await manual.getByLabel('Description').first().fill('Three weeks of the new roast.');
    expect(await manual.getByLabel('Status').inputValue()).toBe('draft');
    expect(await manual.getByLabel('Campaign Intention').inputValue()).toBe(
      'personal-storytelling',
    );
    await page.getByRole('checkbox', { name: 'X (Twitter)' }).check();
    await page.getByText('Media upload will be available after campaign creation').waitFor();
    for (const day of [
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ])
      await page
        .getByRole('checkbox', { name: day, exact: true })
        .setChecked(['Monday', 'Wednesday', 'Friday'].includes(day), { force: true });
    const times = page.getByLabel('Posting time to add');
    for (const chip of await page.getByRole('button', { name: /^Remove \d/ }).all())
      await chip.click();
    await times.fill('09:00');
    await page.getByRole('button', { name: 'Add time' }).click();
    await times.fill('17:30');
    await page.getByRole('button', { name: 'Add time' }).click();
    await page.getByText('Mon, Wed, Fri at 9:00 and 17:30, New York time').waitFor();
    await screenshot(page, 'campaign-form-create-1280');
    await page.getByRole('button', { name: 'Create Campaign' }).click();
    await toast(page, 'Campaign created successfully').waitFor();

    // The detail page.
    await page.getByRole('heading', { name: 'Autumn blend launch', level: 1 }).waitFor();
    const campaignUrl = page.url();
    await page.getByText('Mon, Wed, Fri at 9:00 and 17:30, New York time').waitFor();
    await page.getByRole('list', { name: 'Platforms' }).getByText('X (Twitter)').waitFor();

    // Edit: the name and the status.
    await page.getByRole('link', { name: 'Edit' }).first().click();
    await page.waitForURL('**/edit');
    await expect
      .poll(() => page.getByLabel('Campaign Name').inputValue())
      .toBe('Autumn blend launch');
    await page.getByLabel('Campaign Name').fill('Autumn blend: launch weeks');
    await page.getByLabel('Status').selectOption('active');
    await screenshot(page, 'campaign-form-edit-1280');
    await page.getByRole('button', { name: 'Save Campaign' }).click();
    await toast(page, 'Campaign updated successfully').waitFor();
    await page.waitForURL(campaignUrl);
    await page.getByRole('heading', { name: 'Autumn blend: launch weeks', level: 1 }).waitFor();

    // Two images, their uploads slowed so that each shows its progress.
    await page.getByRole('button', { name: 'Add Media' }).click();
    const addMedia = page.getByRole('dialog', { name: 'Add Media' });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 200 * 1024,
    });
    await addMedia.locator('input[type="file"]').setInputFiles([
      { name: 'roastery.png', mimeType: 'image/png', buffer: noisePng(320, 240) },
      {
        name: 'autumn-cup.png',
        mimeType: 'image/png',
        buffer: gradientPng(640, 480, [180, 83, 9], [254, 215, 170]),
      },
    ]);
    await addMedia
      .getByRole('list', { name: 'Chosen files' })
      .getByText('roastery.png', { exact: true })
      .waitFor();
    await screenshot(page, 'campaign-add-media-1280');
    await addMedia.getByRole('button', { name: /^Upload/ }).click();
    const progress = addMedia.getByRole('progressbar', { name: 'Uploading roastery.png' });
    await progress.waitFor();
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')))
      .toBeGreaterThan(0);
    await screenshot(page, 'campaign-media-uploading-1280');
    await toast(page, 'Media uploaded successfully').waitFor({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const grid = page.getByRole('list', { name: 'Media files' });
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(2);
    // Both pictures load from the media bucket (the CSP lets them).
    await expect
      .poll(() =>
        grid
          .locator('img')
          .evaluateAll((images) =>
            images.every((image) => (image as HTMLImageElement).naturalWidth > 0),
          ),
      )
      .toBe(true);

    // Edit one's usage; the caption shows it on focus.
    await page.getByRole('button', { name: 'Edit autumn-cup.png' }).click();
    const editMedia = page.getByRole('dialog', { name: 'Edit Media' });
    await editMedia.getByLabel('Usage').selectOption('secondary');
    await editMedia.getByLabel('Description').fill('A cup of Autumn Blend on the harbour wall');
    await editMedia.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Media updated successfully').waitFor();
    await page.getByRole('button', { name: 'Edit autumn-cup.png' }).focus();
    await grid.getByText('Secondary').waitFor();
    await screenshot(page, 'campaign-detail-media-1280');

    // Delete the other.
    await page.getByRole('button', { name: 'Delete roastery.png' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Media deleted successfully').waitFor();
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(1);

    // Delete the campaign: its dialog, then the list is empty again.
    await page.getByRole('button', { name: 'Delete' }).first().click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Campaign' });
    await confirm
      .getByText('Are you sure you want to delete this campaign? This action cannot be undone.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Campaign deleted successfully').waitFor();
    await page.waitForURL(`**${company}/campaigns`);
    await page.getByText("You don't have any campaigns yet.").waitFor();
    await context.close();
  });

  it('the list, the form and the detail at 390 px', async () => {
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    const company = await ownerWithCompany(page);
    const token = await storedToken(page);
    const companyId = company.split('/').pop()!;
    for (const name of ['Autumn blend launch', 'Holiday gift boxes']) {
      const created = await fetch(`${baseUrl()}/api/campaigns`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          company: companyId,
          name,
          campaignIntention: 'marketing',
          status: 'active',
          startDate: '2026-12-01',
          endDate: '2026-12-31',
          platforms: [],
          schedule: { days: ['mon', 'thu'], times: ['08:30'] },
        }),
      });
      expect(created.status, await created.clone().text()).toBe(201);
    }
    await page.goto(`${company}/campaigns`);
    await page.getByText('Holiday gift boxes').first().waitFor();
    await page.getByText('None').first().waitFor();
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(await overflow()).toBe(false);
    await screenshot(page, 'campaigns-list-390');

    await page.getByText('Holiday gift boxes').first().click();
    await page.getByRole('heading', { name: 'Holiday gift boxes', level: 1 }).waitFor();
    expect(await overflow()).toBe(false);
    await screenshot(page, 'campaign-detail-390');

    await page.getByRole('link', { name: 'Edit' }).first().click();
    await page.getByLabel('Campaign Name').waitFor();
    await page.getByText('Mon, Thu at 8:30, New York time').waitFor();
    expect(await overflow()).toBe(false);
    await screenshot(page, 'campaign-form-390');
    await context.close();
  });
});
