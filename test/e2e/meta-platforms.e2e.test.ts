import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setPaidTier } from '../api/db';
import { newPage, screenshot, useBrowser } from './browser';
import { ownerWithCompany } from './owners';

const card = (page: Page, name: string) => page.getByRole('region', { name });

/** The Platforms screen at a phone's width and back, for a person to look at. */
const screenshotsAtBothWidths = async (page: Page, name: string) => {
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
};

describe('Facebook and Instagram on the Platforms screen', () => {
  const browser = useBrowser();

  it('gates them by the tier: Intro sees Facebook as an upgrade, Silver connects Facebook and sees Instagram as an upgrade', async () => {
    const { context, page } = await newPage(browser());
    const company = await ownerWithCompany(page, { role: 'user' });
    await page.goto(`${company}/platforms`);
    await card(page, 'Facebook')
      .getByText('Upgrade to the Silver plan to connect Facebook.')
      .waitFor();
    await card(page, 'Instagram')
      .getByText('Upgrade to the Platinum plan to connect Instagram.')
      .waitFor();
    expect(await page.getByText(/coming soon/i).count()).toBe(0);

    await setPaidTier(company.split('/').pop()!, 'silver');
    await page.reload();
    await card(page, 'Facebook').getByRole('button', { name: 'Connect Now' }).waitFor();
    await card(page, 'Instagram').getByRole('button', { name: 'Upgrade' }).waitFor();
    expect(await card(page, 'Instagram').getByRole('button', { name: 'Connect Now' }).count()).toBe(
      0,
    );
    await screenshotsAtBothWidths(page, 'meta-platforms-silver');
    await context.close();
  });
});
