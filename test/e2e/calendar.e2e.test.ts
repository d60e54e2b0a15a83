import AxeBuilder from '@axe-core/playwright';
import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { slotText } from '#shared/domain/schedule-slots';
import { setPaidTier } from '../api/db';
import { baseUrl, newPage, screenshot, storedToken, useBrowser } from './browser';
import { connectX, ownerWithCompany } from './owners';

const ZONE = 'America/Los_Angeles';

/** "2026-05-04": the day `offset` days from today (UTC; the campaigns run a month either way). */
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The calendar's day of an instant, in the company's zone. */
const dayInZone = (iso: string) => format(new TZDate(Date.parse(iso), ZONE), 'yyyy-MM-dd');

/** The day before or after, as the calendar names it. */
const dayBeside = (key: string, by: number) => {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return format(addDays(new TZDate(y, m - 1, d, 12, 0, ZONE), by), 'yyyy-MM-dd');
};

interface ApiPost {
  _id: string;
  content: string;
  status: string;
  scheduledFor: string | null;
}

const toast = (page: Page, text: RegExp | string) =>
  page.getByRole('status').filter({ hasText: text });

/** Serious and critical axe findings on the page as it is now. */
const seriousFindings = async (page: Page) => {
  await page.waitForTimeout(300);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
};

describe('the calendar in the browser', () => {
  const browser = useBrowser();

  it('shows a week with posts of two campaigns; drag moves one, the keyboard another; Approve all slots three drafts', async () => {
    const { page } = await newPage(browser());
    const company = await ownerWithCompany(page, { company: { timeZone: ZONE } });
    const companyId = company.split('/').pop()!;
    // Five posts today: more than a trial's daily generations.
    await setPaidTier(companyId, 'platinum');
    await connectX(page, company);

    const token = await storedToken(page);
    const api = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
      const response = await fetch(`${baseUrl()}/api${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      });
      expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300);
      return (await response.json()) as T;
    };
    const newCampaign = async (name: string) => {
      const { _id } = await api<{ _id: string }>('/campaigns', {
        method: 'POST',
        body: JSON.stringify({
          company: companyId,
          name,
          description: `${name}: a month of posts from the bakery.`,
          campaignIntention: 'marketing',
          status: 'active',
          startDate: day(-1),
          endDate: day(30),
          platforms: ['twitter'],
          schedule: {
            days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
            times: ['09:00'],
          },
        }),
      });
      return _id;
    };
    /** Writes one X post as a draft (the offline drafter) and answers its id. */
    const draftIn = async (campaignId: string) => {
      const { generationId } = await api<{ generationId: string }>(
        `/campaigns/${campaignId}/generate`,
        { method: 'POST', body: JSON.stringify({ platform: 'twitter', sendNotification: false }) },
      );
      let contentId: string | null = null;
      await expect
        .poll(
          async () => {
            const generation = await api<{ status: string; contentId: string | null }>(
              `/ai/generations/${generationId}`,
            );
            contentId = generation.contentId;
            return generation.status;
          },
          { timeout: 30_000 },
        )
        .toBe('succeeded');
      return contentId!;
    };
    const postOf = async (campaignId: string, contentId: string) => {
      const { data } = await api<{ data: ApiPost[] }>(`/campaigns/${campaignId}/content?limit=50`);
      return data.find((post) => post._id === contentId)!;
    };
    const approve = (campaignId: string, contentId: string) =>
      api(`/campaigns/${campaignId}/content/${contentId}/approve`, {
        method: 'POST',
        body: JSON.stringify({ status: 'approved' }),
      });

    const spring = await newCampaign('Spring loaves');
    const market = await newCampaign('Winter market');
    const springPost = await draftIn(spring);
    const springDraft = await draftIn(spring);
    const marketPost = await draftIn(market);
    const marketDrafts = [await draftIn(market), await draftIn(market)];
    await approve(spring, springPost);
    await approve(market, marketPost);
    const springAt = (await postOf(spring, springPost)).scheduledFor!;
    const marketAt = (await postOf(market, marketPost)).scheduledFor!;
    // Each campaign's first free time: the same morning.
    expect(springAt).toBe(marketAt);

    // The week of that morning, with both campaigns' posts and the three drafts beside it.
    const postDay = dayInZone(springAt);
    await page.goto(`${company}/calendar?date=${postDay}`);
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    const postCell = page.locator(`li[data-day="${postDay}"]`);
    const springChip = postCell.locator(`[data-post-id="${springPost}"]`);
    const marketChip = postCell.locator(`[data-post-id="${marketPost}"]`);
    await springChip
      .getByRole('link', { name: /X \(Twitter\) post of Spring loaves, Scheduled/ })
      .waitFor();
    await marketChip
      .getByRole('link', { name: /X \(Twitter\) post of Winter market, Scheduled/ })
      .waitFor();
    const review = page.getByRole('region', { name: /Needs review/ });
    await expect.poll(() => review.locator('[data-draft-id]').count()).toBe(3);
    expect(await seriousFindings(page)).toEqual([]);
    await screenshot(page, 'calendar-week-1280');

    // Drag the spring post to the next day (the day before, when it is the week's last).
    const saturday = new Date(`${postDay}T12:00:00Z`).getUTCDay() === 6;
    const target = dayBeside(postDay, saturday ? -1 : 1);
    const from = await springChip.boundingBox();
    const to = await page.locator(`li[data-day="${target}"]`).boundingBox();
    await page.mouse.move(from!.x + from!.width / 2, from!.y + 10);
    await page.mouse.down();
    await page.mouse.move(from!.x + from!.width / 2 + 10, from!.y + 20, { steps: 5 });
    await page.mouse.move(to!.x + to!.width / 2, to!.y + to!.height / 2, { steps: 15 });
    await page.mouse.up();
    await toast(page, /Moved to|moved to the nearest free time/).waitFor();
    await expect
      .poll(async () => (await postOf(spring, springPost)).scheduledFor)
      .not.toBe(springAt);
    if (target > postDay) {
      // Its own time on the next day was free: it went exactly there.
      expect(dayInZone((await postOf(spring, springPost)).scheduledFor!)).toBe(target);
      const moved = page.locator(`li[data-day="${target}"] [data-post-id="${springPost}"]`);
      await moved.waitFor();

      // And back by keyboard: its platform mark picks it up, an arrow goes a day back, Space drops.
      const handle = moved.getByRole('button', { name: /^Drag / });
      await handle.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
      // What a screen reader is told says where it is. dnd-kit listens for the arrows a moment
      // after the pick-up: an arrow pressed sooner moves nothing, and is pressed again.
      const told = page.locator('[id^="DndLiveRegion"]');
      const back = `Over ${format(new TZDate(Date.parse(springAt), ZONE), 'EEEE, MMMM d')}`;
      await expect
        .poll(
          async () => {
            if (!(await told.textContent())?.includes(back)) {
              await page.keyboard.press('ArrowLeft');
            }
            return told.textContent();
          },
          { interval: 250 },
        )
        .toContain(back);
      await page.keyboard.press('Space');
      await toast(page, `Moved to ${slotText(springAt, ZONE)}`).waitFor();
      await expect.poll(async () => (await postOf(spring, springPost)).scheduledFor).toBe(springAt);
    }

    // The keyboard: the market post's Move, the second free time, Move.
    await marketChip.getByRole('button', { name: /^Move / }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Move post' });
    const times = dialog.getByLabel('Another free time');
    await times.waitFor();
    const second = await times.locator('option').nth(1).getAttribute('value');
    await times.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => times.inputValue()).toBe(second);
    await dialog.getByRole('button', { name: 'Move', exact: true }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await postOf(market, marketPost)).scheduledFor).toBe(second);

    // Approve all: each draft takes its campaign's next free time, and the panel says which.
    await review.getByRole('button', { name: 'Approve all' }).click();
    const outcomes = review.getByTestId('approval-outcomes');
    await outcomes.getByText('3 of 3 scheduled').waitFor();
    expect(await outcomes.getByText(/^Scheduled .*, Los Angeles time$/).count()).toBe(3);
    await review.getByText('Nothing waits for your review.').waitFor();
    for (const [campaignId, contentId] of [
      [spring, springDraft],
      [market, marketDrafts[0]!],
      [market, marketDrafts[1]!],
    ] as const) {
      const post = await postOf(campaignId, contentId);
      expect(post.status).toBe('scheduled');
      expect(post.scheduledFor).not.toBeNull();
    }
    await screenshot(page, 'calendar-approved-1280');

    // The month, and the phone's day-by-day list.
    await page.getByRole('button', { name: 'Month' }).click();
    await expect.poll(() => page.locator('li[data-day]').count()).toBeGreaterThanOrEqual(28);
    expect(await seriousFindings(page)).toEqual([]);
    await screenshot(page, 'calendar-month-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Week' }).click();
    await page.locator('[data-layout="agenda"] li[data-day]').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    expect(await seriousFindings(page)).toEqual([]);
    await screenshot(page, 'calendar-agenda-390');
  });
});
