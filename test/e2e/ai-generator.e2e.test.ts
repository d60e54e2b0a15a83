import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  dismissPhoneVerification,
  logIn,
  newAccount,
  newPage,
  screenshot,
  storedToken,
  useBrowser,
} from './browser';
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

  it('Use This Campaign twice → one campaign: the other window, and coming back, offer Open campaign', async () => {
    const { context, page } = await newPage(browser());
    const account = newAccount();
    const company = await ownerWithCompany(page, { account });
    await connectX(page, company);

    await page.goto(`${company}/campaigns/new`);
    const generatorOf = (tab: Page) => tab.getByRole('tabpanel', { name: 'AI Campaign Generator' });
    const generator = generatorOf(page);
    await generator
      .getByRole('textbox', { name: 'Campaign Description' })
      .fill('A winter soup week at the bakery: a new soup and bread pairing every day.');
    await generator.getByRole('button', { name: 'Generate Campaign' }).click();
    await toast(page, 'Campaign generated successfully!').waitFor({ timeout: 20_000 });
    const name = (await generator
      .locator('section[aria-labelledby="draft-title"]')
      .getByRole('heading', { level: 2 })
      .textContent())!.trim();

    // The same owner elsewhere (another window, signed in there) on the same version: coming
    // back to the generator shows the latest generation.
    const elsewhere = await newPage(browser());
    const other = elsewhere.page;
    await other.goto('/login');
    await logIn(other, account.email);
    await other.waitForURL('**/dashboard');
    await dismissPhoneVerification(other);
    await other.goto(`${company}/campaigns/new`);
    const otherGenerator = generatorOf(other);
    const otherUse = otherGenerator.getByRole('button', { name: 'Use This Campaign' });
    await otherUse.waitFor();

    // The first tab makes the campaign.
    await generator.getByRole('button', { name: 'Use This Campaign' }).click();
    await toast(page, 'Campaign created successfully').waitFor();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const campaignPath = new URL(page.url()).pathname;

    // The second tab's click makes none: the version offers its campaign, or a new one.
    await otherUse.click();
    const open = otherGenerator.getByRole('link', { name: 'Open campaign' });
    await open.waitFor();
    await otherGenerator
      .locator('section[aria-labelledby="draft-title"]')
      .getByRole('button', { name: 'Start New Campaign' })
      .waitFor();
    expect(await otherUse.count()).toBe(0);
    await screenshot(other, 'ai-generator-already-used-1280');
    await other.setViewportSize({ width: 390, height: 844 });
    await screenshot(other, 'ai-generator-already-used-390');
    await open.click();
    await other.waitForURL(`**${campaignPath}`);

    // Coming back to the generator: the same offer, never Use This Campaign again.
    await page.goto(`${company}/campaigns/new`);
    await generator.getByRole('link', { name: 'Open campaign' }).waitFor();
    expect(await generator.getByRole('button', { name: 'Use This Campaign' }).count()).toBe(0);
    await screenshot(page, 'ai-generator-come-back-1280');

    // The company has one campaign.
    const token = await storedToken(page);
    const listed = await fetch(`${baseUrl()}/api/campaigns/company/${company.split('/').pop()}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const list = (await listed.json()) as { total: number; data: { name: string }[] };
    expect(list.total).toBe(1);
    expect(list.data.map((campaign) => campaign.name)).toEqual([name]);
    await elsewhere.context.close();
    await context.close();
  });
});
