import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, screenshot, unique, useBrowser } from './browser';
import { ownerWithCompany } from './owners';

/** Schedules a run of the tests' probe job through the sandbox's JSON API. */
const scheduleProbe = async (
  name: string,
  at: Date,
  payload: Record<string, unknown>,
  description?: string,
) => {
  const response = await fetch(`${baseUrl()}/_sandbox/api/schedules`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      ...(description ? { description } : {}),
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

  it('titles a schedule by what it does, and runs Morning now for a company picked from the list', async () => {
    const key = unique();
    const name = `probe-e2e-label-${key}`;
    const label = `Publish X post 'Fresh sourdough…' of Spring loaves ${key}, Fri 9:00 AM`;
    await scheduleProbe(name, new Date('2031-05-09T13:00:00Z'), { key }, label);

    const olderOwner = await newPage(browser());
    const olderPath = await ownerWithCompany(olderOwner.page, {
      company: { name: `Older Bakery ${key}` },
    });
    const olderId = olderPath.split('/').at(-1)!;
    await olderOwner.context.close();
    const { context, page } = await newPage(browser());
    const companyName = `Morning Bakery ${key}`;
    const companyPath = await ownerWithCompany(page, { company: { name: companyName } });
    const companyId = companyPath.split('/').at(-1)!;
    await page.goto('/_sandbox');
    const schedules = page.getByRole('region', { name: 'Schedules' });
    const row = schedules.locator(`[data-schedule="${name}"]`);
    await row.waitFor();
    expect(await row.locator('.row-title').textContent()).toBe(`probe${label}`);
    expect(await row.textContent()).toContain(`Schedule ${name}`);
    expect(await row.getByRole('button', { name: `Run now: ${label}` }).count()).toBe(1);

    // The newest company comes first, so it is the one picked unless told otherwise.
    const company = schedules.getByLabel('Company', { exact: true });
    expect(await company.inputValue()).toBe(companyId);
    expect(await company.locator('option').first().textContent()).toContain(companyName);
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'sandbox-schedules-labelled-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'sandbox-schedules-labelled-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.setViewportSize({ width: 1280, height: 800 });

    // The pick survives the page refreshing the section (a new schedule changes it).
    await company.selectOption(olderId);
    const another = `probe-e2e-label-next-${key}`;
    await scheduleProbe(another, new Date('2031-05-10T13:00:00Z'), { key: another });
    await page.locator(`[data-schedule="${another}"]`).waitFor({ timeout: 20_000 });
    expect(await company.inputValue()).toBe(olderId);
    await schedules.getByRole('button', { name: 'Morning now' }).click();
    await page.waitForURL('**/_sandbox#schedules');
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
