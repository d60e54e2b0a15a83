import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WEEKDAY_NAMES, WEEKDAYS } from '#shared/domain/campaigns';
import { DAY_PART_HOURS, DAY_PARTS, type DayPart } from '#shared/domain/post-results';
import { credentialIdFor } from '#functions/core/db/entities/platform-credential';
import { setPaidTier, useSandboxTable } from '../api/db';
import { seriousViolations } from './axe';
import { baseUrl, newPage, screenshot, storedToken, unique, useBrowser } from './browser';
import { campaignThroughApi, connectX, ownerWithCompany } from './owners';

interface ApiPost {
  _id: string;
  status: string;
  scheduledFor: string | null;
  slotReason: string | null;
  results: { impressions: number; engagements: number } | null;
}

const ZONE = 'America/New_York';

/** The owner's API, with the page's token. */
const apiOf =
  (page: Page) =>
  async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${baseUrl()}/api${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await storedToken(page)}`,
      },
    });
    expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300);
    return (await response.json()) as T;
  };

/** Runs a job of the sandbox now, as its Run now button does, and answers its outcome. */
const runJob = async (job: string, event: Record<string, unknown> = {}) => {
  const response = await fetch(`${baseUrl()}/_sandbox/api/jobs/${job}/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(event),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { outcome: unknown }).outcome;
};

/** The weekday and hour of an instant in New York. */
const localOf = (iso: string) => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: ZONE,
    weekday: 'long',
    hour: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  return {
    weekday: parts.find((part) => part.type === 'weekday')!.value,
    hour: Number(parts.find((part) => part.type === 'hour')!.value),
  };
};

describe('results and best times in the browser', () => {
  const browser = useBrowser();

  it('publish posts → collect their results → the numbers on the cards and the Performance page → Best times places an approved post and says why', async () => {
    const { page } = await newPage(browser());
    const company = await ownerWithCompany(page);
    // Four posts today: more than a trial's daily generations.
    await setPaidTier(company.split('/').pop()!, 'platinum');
    await connectX(page, company);
    const api = apiOf(page);
    const campaignId = await campaignThroughApi(page, company, {
      name: 'Autumn blend launch',
      contentSeeds: {
        brandVoice: 'Warm and plain',
        keyMessages: ['Fresh roast every morning', 'Saturday tastings at 10'],
        contentInstructions: 'Short and friendly',
      },
    });

    // Posts written by the AI, approved and published now through the stand-in of X.
    const generatePost = async (): Promise<string> => {
      const { generationId } = await api<{ generationId: string }>(
        `/campaigns/${campaignId}/generate`,
        { method: 'POST', body: JSON.stringify({ platform: 'twitter', sendNotification: false }) },
      );
      let contentId: string | undefined;
      await expect
        .poll(
          async () => {
            const generation = await api<{ status: string; contentId?: string | null }>(
              `/ai/generations/${generationId}`,
            );
            contentId = generation.contentId ?? undefined;
            return generation.status;
          },
          { timeout: 30_000 },
        )
        .toBe('succeeded');
      return contentId!;
    };
    const post = (contentId: string) =>
      api<ApiPost>(`/campaigns/${campaignId}/content/${contentId}`);
    const published: string[] = [];
    for (let index = 0; index < 3; index++) {
      const contentId = await generatePost();
      await api(`/campaigns/${campaignId}/content/${contentId}/approve`, {
        method: 'POST',
        body: JSON.stringify({ status: 'approved' }),
      });
      await api(`/campaigns/${campaignId}/content/${contentId}/schedule`, {
        method: 'POST',
        body: JSON.stringify({ now: true }),
      });
      await expect.poll(async () => (await post(contentId)).status).toBe('published');
      published.push(contentId);
    }

    // Before the first reading the card says when results come.
    await page.goto(`${company}/campaigns/${campaignId}?status=published#content`);
    const section = page.getByRole('region', { name: 'Content' });
    await section.getByText('Results come about an hour after publishing.').first().waitFor();

    // The collection job, an hour and a bit after publishing: every post read once.
    const later = new Date(Date.now() + 65 * 60_000).toISOString();
    await runJob('results-collection', { time: later });
    const results = await Promise.all(published.map(async (id) => (await post(id)).results));
    for (const result of results) expect(result?.impressions).toBeGreaterThan(0);

    // The cards show the numbers the API answers, with when they were read.
    await page.reload();
    await expect.poll(() => section.getByTestId('post-results').count()).toBe(published.length);
    const shown = await section.getByTestId('post-results').allInnerTexts();
    for (const result of results) {
      expect(shown.join('\n')).toContain(result!.impressions.toLocaleString('en-US'));
    }
    expect(shown[0]).toMatch(/As of \w{3} \d+, \d+:\d{2}\s[AP]M/u);
    await screenshot(page, 'performance-post-card-results-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'performance-post-card-results-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The Performance page, from the company's navigation.
    await page
      .getByRole('navigation', { name: 'Harbor Coffee menu' })
      .getByRole('link', { name: 'Performance' })
      .click();
    await page.waitForURL(`**${company}/performance`);
    await page.getByRole('heading', { level: 1, name: 'Performance' }).waitFor();
    const weekly = page.getByRole('region', { name: 'Engagement over time' });
    await weekly
      .getByText(/ · 3 posts$/u)
      .first()
      .waitFor();
    const top = page.getByRole('region', { name: 'Top posts' });
    expect(await top.getByRole('listitem').count()).toBe(3);
    const heat = page.getByRole('region', { name: 'When your posts do best' });
    await heat
      .getByRole('table', { name: /^Engagement rate by weekday and time of day, .+ · 3 posts$/u })
      .waitFor();
    // Fewer than 10 results: the times are mostly the starting guess.
    const best = page.getByRole('region', { name: 'Best times to post' });
    await best.getByText(/mostly the starting guess from industry studies/u).waitFor();
    await best
      .getByText(/× your median|no posts yet/u)
      .first()
      .waitFor();
    // The chart's numbers as a table, and the export.
    await weekly.getByText('Show as a table').click();
    await weekly.getByRole('table').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/u);
    await page.getByText('Exported 3 posts.').waitFor();
    expect(await seriousViolations(page, 'performance page')).toEqual([]);
    await screenshot(page, 'performance-page-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'performance-page-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Best times: the campaign's schedule switched in its form, the suggested windows shown.
    await page.goto(`${company}/campaigns/${campaignId}/edit`);
    await page.getByRole('radio', { name: 'Best times' }).check();
    await page
      .getByTestId('suggested-windows')
      .getByText(/× your median|no posts yet/u)
      .first()
      .waitFor();
    await page.getByText('At the best free time window for each platform, New York time').waitFor();
    await screenshot(page, 'performance-schedule-best-times-1280');
    await page.getByRole('button', { name: 'Save Campaign' }).click();
    await page.waitForURL(`**${company}/campaigns/${campaignId}`);

    // A new draft, approved on its card: its slot is inside the window its reason names.
    const draftId = await generatePost();
    await page.goto(`${company}/campaigns/${campaignId}#content`);
    const draftCard = section
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Approve' }) });
    await draftCard.getByRole('button', { name: 'Approve' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Content approved successfully\. It goes out / })
      .first()
      .waitFor();
    const approved = await post(draftId);
    expect(approved.status).toBe('scheduled');
    expect(approved.slotReason).toMatch(
      /^(?:\w+ (?:morning|midday|afternoon|evening): your best window on X so far|trying \w+ (?:morning|midday|afternoon|evening))$/u,
    );
    const [, dayName, partName] = /(\w+day) (morning|midday|afternoon|evening)/u.exec(
      approved.slotReason!,
    )!;
    const local = localOf(approved.scheduledFor!);
    expect(local.weekday).toBe(dayName);
    const hours = DAY_PART_HOURS[partName as DayPart];
    expect(local.hour).toBeGreaterThanOrEqual(hours.from);
    expect(local.hour).toBeLessThan(hours.to);
    expect(WEEKDAYS.map((day) => WEEKDAY_NAMES[day].long)).toContain(dayName);
    expect(DAY_PARTS).toContain(partName);

    const reason = `${approved.slotReason!.charAt(0).toUpperCase()}${approved.slotReason!.slice(1)}`;
    await page.goto(`${company}/campaigns/${campaignId}?status=scheduled#content`);
    const scheduled = section.getByRole('listitem').filter({ hasText: reason });
    await scheduled.getByText(/^Goes out /u).waitFor();
    await screenshot(page, 'performance-best-times-slot-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'performance-best-times-slot-390');
  });

  it('says why LinkedIn posts have no results when the connection has not granted post analytics', async () => {
    const { page } = await newPage(browser());
    const company = await ownerWithCompany(page);
    const companyId = company.split('/').pop()!;
    await setPaidTier(companyId, 'gold');
    await page.goto(`${company}/platforms`);
    const card = page.getByRole('region', { name: 'LinkedIn' });
    await card.getByRole('button', { name: 'Connect Now' }).click();
    await page.getByLabel('Sign in as').fill(`Harbor ${unique()}`);
    await page.getByRole('button', { name: 'Allow' }).click();
    await card.getByText('Connected', { exact: true }).waitFor();
    // A connection made before LinkedIn granted the app post analytics: without the scope.
    const { credentials } = await useSandboxTable();
    await credentials
      .patch({ companyId, credentialId: credentialIdFor(companyId, 'linkedin') })
      .set({ scopes: ['openid', 'profile', 'w_member_social'] })
      .go();

    await page.goto(`${company}/performance`);
    await page
      .getByText("LinkedIn posts have no results here: LinkedIn hasn't given Sailpost access")
      .waitFor();
    expect(await seriousViolations(page, 'performance page, LinkedIn unread')).toEqual([]);
    await screenshot(page, 'performance-linkedin-unread-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'performance-linkedin-unread-390');
  });
});
