import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  latestMessage,
  newAccount,
  newPage,
  registerThroughForm,
  screenshot,
  storedToken,
  useBrowser,
} from './browser';
import { useSandboxTable } from '../api/db';
import { campaignThroughApi, connectX, ownerWithCompany } from './owners';
import { describeFindings, seriousViolations, type Finding } from './axe';

/**
 * The accessibility sweep: axe-core on every screen that exists, at desktop and phone widths,
 * with the dialogs open where a screen has them. Serious and critical violations fail the test,
 * and the failure lists what to fix.
 */

const WIDTHS = [
  { name: '1280', viewport: { width: 1280, height: 800 } },
  { name: '390', viewport: { width: 390, height: 844 } },
] as const;

/** Each sweep runs axe a few dozen times; on a busy machine that takes minutes, not seconds. */
const SWEEP_TIMEOUT_MS = 240_000;

/** The text of the element that has focus (dialogs give it back to their opener). */
const focusedText = (page: Page) =>
  page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

/**
 * Opens `path` (or takes the page as it is) at each width, waits for `ready`, and collects what
 * axe reports there.
 */
const sweep = async (
  page: Page,
  screen: string,
  ready: (page: Page) => Locator,
  findings: Finding[],
  path?: string,
) => {
  for (const width of WIDTHS) {
    await page.setViewportSize(width.viewport);
    if (path) await page.goto(path);
    await ready(page).waitFor();
    findings.push(...(await seriousViolations(page, `${screen} @${width.name}`)));
    await screenshot(page, `a11y-${screen}-${width.name}`);
  }
};

describe('accessibility (axe-core) in the browser', () => {
  const browser = useBrowser();
  const account = newAccount();
  /** The signed-in user's tab, shared by the tests that follow registration. */
  let page: Page;
  let overview = '';

  const expectNoFindings = (findings: Finding[]) =>
    expect(
      findings,
      `axe found serious or critical violations:\n${describeFindings(findings)}`,
    ).toEqual([]);

  it(
    'public screens: landing, login, register, forgot password, 404',
    async () => {
      const findings: Finding[] = [];
      const { context, page: visitor } = await newPage(browser());
      await sweep(visitor, 'landing', (p) => p.getByRole('heading', { level: 1 }), findings, '/');
      await sweep(visitor, 'login', (p) => p.getByLabel('Email'), findings, '/login');
      await sweep(visitor, 'register', (p) => p.getByLabel('First name'), findings, '/register');
      await sweep(
        visitor,
        'forgot-password',
        (p) => p.getByLabel('Email'),
        findings,
        '/forgot-password',
      );
      await sweep(
        visitor,
        'not-found',
        (p) => p.getByRole('heading', { level: 1 }),
        findings,
        '/no-such-page',
      );
      await context.close();
      expectNoFindings(findings);
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    'signed-in screens: the phone verification dialog, dashboard, company create, overview, calendar and edit, profile, coming soon, support',
    async () => {
      const findings: Finding[] = [];
      ({ page } = await newPage(browser()));

      // Register through the form; the dashboard opens the phone verification dialog.
      await registerThroughForm(page, account);
      const verifyDialog = (p: Page) => p.getByRole('dialog', { name: 'Verify your phone number' });
      await sweep(page, 'phone-verification-dialog', verifyDialog, findings);
      // Its second step, the code (the text also fills the dev inbox for its sweep below).
      await verifyDialog(page).getByRole('button', { name: 'Send Code' }).click();
      const codeDialog = (p: Page) => p.getByRole('dialog', { name: 'Enter your code' });
      await sweep(page, 'phone-code-dialog', codeDialog, findings);
      await page.keyboard.press('Escape');
      await codeDialog(page).waitFor({ state: 'detached' });
      await sweep(
        page,
        'dashboard',
        (p) => p.getByRole('heading', { name: 'Your Companies' }),
        findings,
      );

      // Before the first company: the form itself (with one, the intro tier's limit shows instead).
      await sweep(
        page,
        'company-create',
        (p) => p.getByLabel('Website'),
        findings,
        '/dashboard/companies/new',
      );

      const token = await storedToken(page);
      const created = await page.request.post('/api/companies', {
        headers: { authorization: `Bearer ${token}` },
        data: {
          name: 'Harbor Coffee',
          description: 'A small roastery by the harbour.',
          website: 'https://harbor.coffee',
          brandColors: ['#1F7A4D'],
          brandVoice: 'Warm and plain.',
        },
      });
      expect(created.status()).toBe(201);
      const { _id: companyId } = (await created.json()) as { _id: string };
      overview = `/dashboard/company/${companyId}`;

      await sweep(
        page,
        'company-create-limit',
        (p) => p.getByRole('heading', { name: 'Upgrade to add another company' }),
        findings,
        '/dashboard/companies/new',
      );
      await sweep(
        page,
        'company-overview',
        (p) => p.getByRole('heading', { name: 'Harbor Coffee', level: 1 }),
        findings,
        overview,
      );
      await sweep(
        page,
        'calendar',
        (p) => p.getByText('No posts this week'),
        findings,
        `${overview}/calendar`,
      );
      await sweep(
        page,
        'company-edit',
        (p) => p.getByLabel('Company name'),
        findings,
        `${overview}/edit`,
      );
      await sweep(
        page,
        'profile',
        (p) => p.getByRole('heading', { level: 1 }),
        findings,
        '/profile',
      );
      // The forum's and support's screens are swept in their own browser tests, as their users see them.
      for (const section of ['campaigns']) {
        await sweep(
          page,
          `coming-soon-${section}`,
          (p) => p.getByRole('heading', { name: 'Coming soon' }),
          findings,
          `/dashboard/${section}`,
        );
      }
      // The Support page's tickets, dialogs and staff's queue are swept in support.e2e.test.ts.
      await sweep(
        page,
        'support-empty',
        (p) => p.getByRole('heading', { name: 'No tickets yet' }),
        findings,
        '/dashboard/support',
      );
      expectNoFindings(findings);
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    'open dialogs: manage subscription, delete company, the phone menu; focus goes back to the opener',
    async () => {
      expect(overview, 'needs the company of the signed-in test').not.toBe('');
      const findings: Finding[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize(width.viewport);
        await page.goto(overview);
        await page.getByRole('heading', { name: 'Harbor Coffee', level: 1 }).waitFor();

        await page.getByRole('button', { name: 'Manage Subscription' }).click();
        const subscription = page.getByRole('dialog', { name: 'Manage Subscription' });
        await subscription.waitFor();
        findings.push(...(await seriousViolations(page, `subscription-dialog @${width.name}`)));
        await screenshot(page, `a11y-subscription-dialog-${width.name}`);
        if (width.name === '390') {
          // The plans scroll on a phone: the keyboard reaches the scrolling region to scroll it.
          const focusedRole = () =>
            page.evaluate(() => document.activeElement?.getAttribute('role'));
          // Focus starts on the first plan's button; the region comes round within the dialog.
          for (let presses = 0; presses < 20 && (await focusedRole()) !== 'region'; presses++) {
            await page.keyboard.press('Tab');
          }
          expect(await focusedRole()).toBe('region');
          await page.keyboard.press('PageDown');
          await screenshot(page, 'a11y-subscription-dialog-scrolled-390');
        }
        await page.keyboard.press('Escape');
        await subscription.waitFor({ state: 'detached' });
        expect(await focusedText(page)).toBe('Manage Subscription');

        await page.getByRole('button', { name: 'Delete' }).click();
        const confirmation = page.getByRole('alertdialog', { name: 'Delete company?' });
        await confirmation.waitFor();
        findings.push(...(await seriousViolations(page, `delete-dialog @${width.name}`)));
        await screenshot(page, `a11y-delete-dialog-${width.name}`);
        await confirmation.getByRole('button', { name: 'Cancel' }).click();
        await confirmation.waitFor({ state: 'detached' });
        expect(await focusedText(page)).toBe('Delete');
      }

      // The phone's menu drawer (the page is at 390 px now).
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.waitFor();
      findings.push(...(await seriousViolations(page, 'menu-drawer @390')));
      await screenshot(page, 'a11y-menu-drawer-390');
      await page.keyboard.press('Escape');
      await page.context().close();
      expectNoFindings(findings);
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    'reset password with the emailed token, and the dev inbox with messages in it',
    async () => {
      const findings: Finding[] = [];
      const { context, page: visitor } = await newPage(browser());
      const forgot = await visitor.request.post('/api/auth/forgot-password', {
        data: { email: account.email },
      });
      expect(forgot.ok()).toBe(true);
      // The email goes out from a background job: give a busy machine time.
      await expect
        .poll(async () => (await latestMessage(account.email))?.subject, { timeout: 20_000 })
        .toBe('Reset your Sailpost password');
      const link = new URL(
        /(https?:\/\/\S+\/reset-password\?token=\S+)/.exec(
          (await latestMessage(account.email))!.text,
        )![1]!,
      );
      await sweep(
        visitor,
        'reset-password',
        (p) => p.getByLabel('New password', { exact: true }),
        findings,
        link.pathname + link.search,
      );
      // The dev inbox, with the reset email and the verification text in it.
      await sweep(
        visitor,
        'sandbox-inbox',
        (p) => p.getByRole('heading', { level: 1 }),
        findings,
        '/_sandbox',
      );
      await context.close();
      expectNoFindings(findings);
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    'campaign screens: a post in its X preview (hashtags, links) and the generator with its history',
    async () => {
      const findings: Finding[] = [];
      const { context, page: owner } = await newPage(browser());
      const company = await ownerWithCompany(owner);
      await connectX(owner, company);

      // An active campaign on X with one generated draft: its card shows the X preview.
      const token = await storedToken(owner);
      const api = (path: string, body: unknown) =>
        fetch(`${baseUrl()}/api${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        });
      const campaignId = await campaignThroughApi(owner, company);
      const generated = await api(`/campaigns/${campaignId}/generate`, {
        platform: 'twitter',
        sendNotification: false,
      });
      expect(generated.status, await generated.clone().text()).toBe(202);
      // The draft is written by a background job: wait for it before the page is judged.
      await expect
        .poll(
          async () => {
            const drafts = await fetch(
              `${baseUrl()}/api/campaigns/${campaignId}/content?status=draft`,
              { headers: { authorization: `Bearer ${token}` } },
            );
            return ((await drafts.json()) as { data: unknown[] }).data.length;
          },
          { timeout: 60_000 },
        )
        .toBe(1);
      // The offline drafter ends an X post with hashtags: the preview colours them as X does.
      const hashtag = (p: Page) =>
        p.locator('[data-platform="twitter"] span').filter({ hasText: /^#/ }).first();
      await sweep(
        owner,
        'campaign-x-preview',
        hashtag,
        findings,
        `${company}/campaigns/${campaignId}`,
      );

      // The generator with two versions: the history lists both, the chosen one highlighted.
      await owner.goto(`${company}/campaigns/new`);
      const generator = owner.getByRole('tabpanel', { name: 'AI Campaign Generator' });
      await generator
        .getByRole('textbox', { name: 'Campaign Description' })
        .fill('Launch our Autumn Blend to regulars and new neighbours, with Saturday tastings.');
      await generator.getByRole('button', { name: 'Generate Campaign' }).click();
      const feedback = generator.getByRole('textbox', { name: 'Provide Feedback' });
      await feedback.waitFor({ timeout: 30_000 });
      await feedback.fill('Make it more playful.');
      await generator.getByRole('button', { name: 'Refine Campaign' }).click();
      const secondVersion = (p: Page) =>
        p
          .getByRole('region', { name: 'Generation History' })
          .getByRole('button', { name: /^Version 2/ });
      await secondVersion(owner).waitFor({ timeout: 30_000 });
      await sweep(owner, 'generator-history', secondVersion, findings);
      await context.close();
      expectNoFindings(findings);
    },
    SWEEP_TIMEOUT_MS,
  );
  it(
    'the campaign page with a post in every status a card can show',
    async () => {
      const findings: Finding[] = [];
      const { context, page: owner } = await newPage(browser());
      const company = await ownerWithCompany(owner);
      const companyId = company.split('/').pop()!;
      await connectX(owner, company);
      const campaignId = await campaignThroughApi(owner, company, {
        name: 'Every status',
        description: 'One post in each state a card shows.',
      });

      // Seeded as the publisher and the reviews leave them: no endpoint makes a failed post.
      const { content } = await useSandboxTable();
      const { newTimeOrderedId } = await import('#functions/core/ids');
      const soon = new Date(Date.now() + 3_600_000).toISOString();
      const past = new Date(Date.now() - 3_600_000).toISOString();
      const states: Record<string, Record<string, unknown>> = {
        draft: {},
        modify: {},
        approved: {},
        rejected: {},
        scheduled: { scheduledFor: soon },
        publishing: { scheduledFor: past, publishAttempt: 1, publishingSince: past },
        published: { publishedAt: past, postUrl: 'https://x.com/harbor/status/1' },
        failed: { scheduledFor: past, publishError: 'X refused the post: duplicate content' },
      };
      for (const [status, fields] of Object.entries(states)) {
        await content
          .create({
            companyId,
            campaignId,
            contentId: newTimeOrderedId(),
            platform: 'twitter',
            content: `A ${status} post from Harbor Coffee with a #hashtag and https://harbor.coffee`,
            generation: { source: 'offline' },
            status,
            modificationHistory: [{ date: past, status }],
            ...fields,
          } as never)
          .go();
      }
      const cards = (p: Page) =>
        p.getByRole('listitem').filter({ hasText: 'A failed post from Harbor Coffee' });
      await sweep(
        owner,
        'campaign-every-status',
        cards,
        findings,
        `${company}/campaigns/${campaignId}?status=all`,
      );
      expect(await owner.locator('[data-status]').count()).toBeGreaterThanOrEqual(8);
      await context.close();
      expectNoFindings(findings);
    },
    SWEEP_TIMEOUT_MS,
  );
});
