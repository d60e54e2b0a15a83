import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, screenshot, storedToken, useBrowser } from './browser';
import { setPaidTier } from '../api/db';
import { connectX, ownerWithCompany } from './owners';

/** "2026-05-04": the day `offset` days from today (UTC). */
const day = (offset: number) =>
  new Date(Date.now() + offset * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * An owner's company with X connected, a running campaign, three drafts of which one is approved
 * (so scheduled at the campaign's next slot): two wait for review. Answers the overview's path.
 */
const companyWithPosts = async (page: Page): Promise<string> => {
  const company = await ownerWithCompany(page);
  // Three drafts today: more than the intro plan's one generation a day.
  await setPaidTier(company.split('/').pop()!, 'gold');
  await connectX(page, company);
  const token = await storedToken(page);
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl()}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return (await response.json()) as T;
  };
  const { _id: campaignId } = await api<{ _id: string }>('POST', '/campaigns', {
    company: company.split('/').pop(),
    name: 'Autumn blend launch',
    status: 'active',
    startDate: day(-1),
    endDate: day(30),
    platforms: ['twitter'],
    schedule: { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], times: ['09:00'] },
    contentSeeds: { brandVoice: 'Warm', keyMessages: ['Fresh roast'], contentInstructions: '' },
  });
  const drafts: string[] = [];
  for (let count = 0; count < 3; count++) {
    const { generationId } = await api<{ generationId: string }>(
      'POST',
      `/campaigns/${campaignId}/generate`,
      { platform: 'twitter', sendNotification: false },
    );
    let contentId: string | undefined;
    await expect
      .poll(
        async () => {
          const generation = await api<{ status: string; contentId?: string }>(
            'GET',
            `/ai/generations/${generationId}`,
          );
          contentId = generation.contentId;
          return generation.status;
        },
        { timeout: 20_000 },
      )
      .toBe('succeeded');
    drafts.push(contentId!);
  }
  await api('POST', `/campaigns/${campaignId}/content/${drafts[0]}/approve`, {
    status: 'approved',
  });
  return company;
};

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('what needs doing, on the dashboard and the overview', () => {
  const browser = useBrowser();

  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    it(`says what waits for review and what goes out next (${width} px)`, async () => {
      const { context, page } = await newPage(browser(), { width, height });
      const company = await companyWithPosts(page);

      await page.goto('/dashboard');
      const card = page.getByRole('listitem').filter({ hasText: 'Harbor Coffee' });
      const review = card.getByRole('link', { name: '2 drafts need your review' });
      await review.waitFor();
      expect(await review.getAttribute('href')).toBe(`${company}/calendar#needs-review`);
      await card.getByText(/^Next: X post, /).waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `dashboard-agenda-${width}`);

      await page.goto(company);
      const upNext = page.getByRole('region', { name: 'Up next' });
      await upNext.getByRole('listitem').first().waitFor();
      expect(await upNext.getByRole('listitem').count()).toBe(1);
      expect(await upNext.getByRole('listitem').textContent()).toMatch(/^X · /);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, `company-overview-up-next-${width}`);
      await context.close();
    });
  }
});
