import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, screenshot, unique, useBrowser } from './browser';

/** Schedules a run of the tests' probe job through the sandbox's JSON API. */
const scheduleProbe = async (name: string, at: Date, payload: Record<string, unknown>) => {
  const response = await fetch(`${baseUrl()}/_sandbox/api/schedules`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      job: 'probe',
      at: at.toISOString(),
      timeZone: 'America/New_York',
      payload,
    }),
  });
  expect(response.status).toBe(201);
};

describe('the sandbox page in the browser', () => {
  const browser = useBrowser();

  it('lists a pending schedule with Run now; running it shows the outcome', async () => {
    const key = unique();
    const name = `probe-e2e-${key}`;
    await scheduleProbe(name, new Date('2031-05-04T13:30:00Z'), { key });

    const { context, page } = await newPage(browser());
    await page.goto('/_sandbox');
    const schedules = page.getByRole('region', { name: 'Schedules' });
    const row = schedules.locator(`[data-schedule="${name}"]`);
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('2031-05-04 13:30:00 UTC');
    expect(await row.textContent()).toContain('2031-05-04 09:30:00 America/New_York (GMT-4)');
    expect(await row.textContent()).toContain(`{"key":"${key}"}`);
    expect(await row.getByText('Pending', { exact: true }).count()).toBe(1);
    expect(await schedules.getByText('sweeper').count()).toBeGreaterThan(0);
    await screenshot(page, 'sandbox-schedules-1280');

    await row.getByRole('button', { name: `Run now: ${name}` }).click();
    await page.waitForURL('**/_sandbox#schedules');
    const ran = page
      .getByRole('region', { name: 'Schedules' })
      .locator(`[data-schedule="${name}"]`);
    await ran.getByText('Done', { exact: true }).waitFor();
    expect(await ran.textContent()).toContain('by hand');
    await screenshot(page, 'sandbox-schedules-run-1280');

    // Run now again: the job's idempotency answers duplicate and the page says so.
    await ran.getByRole('button', { name: `Run now: ${name}` }).click();
    await page.waitForURL('**/_sandbox#schedules');
    await page
      .locator(`[data-schedule="${name}"]`)
      .getByText('Duplicate', { exact: true })
      .waitFor();
    expect(await page.locator(`[data-schedule="${name}"]`).textContent()).toContain('2 runs');
    await context.close();
  });

  it('shows a schedule the timer fired without reloading', async () => {
    const key = unique();
    const name = `probe-e2e-timer-${key}`;
    const { context, page } = await newPage(browser());
    await page.goto('/_sandbox');
    await scheduleProbe(name, new Date(Date.now() + 1000), { key });
    // The page refreshes itself every 5 s: the schedule appears, fires, and shows its outcome.
    await page
      .locator(`[data-schedule="${name}"]`)
      .getByText('Done', { exact: true })
      .waitFor({ timeout: 20_000 });
    expect(await page.locator(`[data-schedule="${name}"]`).textContent()).toContain('on time');
    await context.close();
  });
});
