import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setPaidTier } from '../api/db';
import { baseUrl, newPage, screenshot, storedToken, useBrowser } from './browser';
import { ownerWithCompany } from './owners';

const zoneField = (page: Page) => page.getByRole('combobox', { name: 'Time zone' });

/** The company's zone as the server stores it. */
const storedZone = async (page: Page, companyPath: string): Promise<string> => {
  const answer = await fetch(`${baseUrl()}/api/companies/${companyPath.split('/').pop()}`, {
    headers: { authorization: `Bearer ${await storedToken(page)}` },
  });
  return ((await answer.json()) as { timeZone: string }).timeZone;
};

describe('company settings in the browser', () => {
  const browser = useBrowser();

  it('the time zone by keyboard: "los" finds Los Angeles, Enter chooses it, Escape closes; at 1280 and 390 px', async () => {
    const { context, page } = await newPage(browser());
    const company = await ownerWithCompany(page);
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`${company}/edit`);
      const field = zoneField(page);
      await expect
        .poll(() => field.inputValue())
        .toMatch(/^(New York|Los Angeles) time \(UTC−\d\)$/);

      // A click into the field selects its words: typing starts a new search.
      const list = page.getByRole('listbox');
      await field.click();
      await page.keyboard.type('los');
      await list.getByRole('option', { name: /^Los Angeles time \(UTC−[78]\)$/ }).waitFor();
      await screenshot(page, `time-zone-combobox-${width}`);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await list.waitFor({ state: 'detached' });
      expect(await field.inputValue()).toMatch(/^Los Angeles time \(UTC−[78]\)$/);

      // Every zone: the suggested ones first, under their own heading. Escape closes the list
      // and keeps the zone; the field keeps the focus, ready for a new search.
      await page.getByRole('button', { name: 'Show all time zones' }).click();
      await list.getByRole('group', { name: 'All time zones' }).waitFor();
      await screenshot(page, `time-zone-combobox-all-${width}`);
      // What a screen reader is given (the combobox, its groups and options) passes axe.
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(
        violations
          .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
          .map(
            (violation) =>
              `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
          ),
      ).toEqual([]);
      await page.keyboard.press('Escape');
      await list.waitFor({ state: 'detached' });
      expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
      await page.keyboard.type('chic');
      await list.getByRole('option', { name: /^Chicago time/ }).waitFor();
      await page.keyboard.press('Escape');
      await list.waitFor({ state: 'detached' });
      expect(await field.inputValue()).toMatch(/^Los Angeles time \(UTC−[78]\)$/);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('heading', { name: 'Harbor Coffee', level: 1 }).waitFor();
      expect(await storedZone(page, company)).toBe('America/Los_Angeles');
    }
    await context.close();
  });

  it('deleting a company on a paid plan says its subscription ends; on the trial it does not', async () => {
    const { context, page } = await newPage(browser());
    const company = await ownerWithCompany(page);
    const sentence = /Its Gold subscription ends today/;

    await page.goto(company);
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete company?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).not.toMatch(/subscription/i);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await setPaidTier(company.split('/').pop()!, 'gold');
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(company);
      await page.getByRole('button', { name: 'Delete' }).click();
      await dialog.getByText(sentence).waitFor();
      await screenshot(page, `delete-company-paid-${width}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await context.close();
  });
});
