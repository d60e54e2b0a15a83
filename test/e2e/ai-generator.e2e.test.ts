import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, screenshot, useBrowser } from './browser';
import { connectX, ownerWithCompany } from './owners';

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

describe('the AI campaign generator in the browser', () => {
  const browser = useBrowser();

  it('describe → generate with progress → refine with feedback → two versions → restore version 1 → Use This Campaign → the draft', async () => {
    const { context, page } = await newPage(browser());
    const company = await ownerWithCompany(page, {
      company: {
        description: 'Small-batch coffee roasters in Portland who roast every morning.',
        brandVoice: 'Warm, upbeat and neighbourly.',
      },
    });
    await connectX(page, company);

    await page.goto(`${company}/campaigns/new`);
    const generator = page.getByRole('tabpanel', { name: 'AI Campaign Generator' });
    await generator.getByRole('heading', { name: 'No Campaign Generated Yet' }).waitFor();
    await generator
      .getByRole('textbox', { name: 'Campaign Description' })
      .fill('Launch our Autumn Blend to regulars and new neighbours, with Saturday tastings.');
    await generator.getByLabel('Campaign Intention').selectOption('product-launch');
    await screenshot(page, 'ai-generator-brief-1280');

    // Generate: the progress shows while the offline drafter works through its stages.
    await generator.getByRole('button', { name: 'Generate Campaign' }).click();
    await generator.getByText('Sailing towards your perfect campaign...').waitFor();
    const progress = generator.getByRole('progressbar', { name: 'Generating your campaign' });
    await progress.waitFor();
    await screenshot(page, 'ai-generator-running-1280');
    await toast(page, 'Campaign generated successfully!').waitFor({ timeout: 20_000 });
    // The drafted campaign: the card whose heading is the campaign's name.
    const draft = generator.locator('section[aria-labelledby="draft-title"]');
    const draftName = draft.getByRole('heading', { level: 2 });
    const firstName = (await draftName.textContent())!.trim();
    expect(firstName).not.toBe('');
    await generator.getByRole('region', { name: 'AI Analysis' }).waitFor();
    await screenshot(page, 'ai-generator-version-1-1280');

    // Refine with feedback: a second version.
    await generator
      .getByRole('textbox', { name: 'Provide Feedback' })
      .fill('Make it more playful and mention the free oat milk upgrade.');
    await generator.getByRole('button', { name: 'Refine Campaign' }).click();
    await toast(page, 'Campaign refined successfully!').waitFor({ timeout: 20_000 });
    const history = generator.getByRole('region', { name: 'Generation History' });
    const versions = history.getByRole('button', { name: /^Version \d/ });
    await expect.poll(() => versions.count()).toBe(2);
    await history
      .getByText('Make it more playful and mention the free oat milk upgrade.')
      .waitFor();
    await screenshot(page, 'ai-generator-version-2-1280');

    await draft.getByText('The free oat milk upgrade.').waitFor();

    // Version 1 comes back: its name, without what the feedback added.
    await history.getByRole('button', { name: /^Version 1/ }).click();
    await draft.getByText('Version 1', { exact: true }).waitFor();
    expect((await draftName.textContent())?.trim()).toBe(firstName);
    expect(await draft.getByText('The free oat milk upgrade.').count()).toBe(0);

    // Use it: a draft campaign with version 1's name opens.
    await generator.getByRole('button', { name: 'Use This Campaign' }).click();
    await toast(page, 'Campaign created successfully').waitFor();
    await page.getByRole('heading', { name: firstName, level: 1 }).waitFor();
    expect(page.url()).toMatch(/\/campaigns\/[0-9a-f-]{36}$/);
    await page.getByText('Draft', { exact: true }).first().waitFor();
    await screenshot(page, 'ai-generator-used-1280');
    await context.close();
  });
});
