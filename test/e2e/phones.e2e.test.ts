import type { Page } from 'playwright-core';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes, SIGNED_IN_ROUTE_ID } from '#web/app/router';
import { setPaidTier, setRole } from '../api/db';
import {
  baseUrl,
  dismissPhoneVerification,
  logIn,
  newPage,
  registerThroughApi,
  screenshot,
  storedToken,
  useBrowser,
} from './browser';
import { gradientPng } from './images';
import { connectX } from './owners';

/**
 * Every signed-in screen at a phone's width (390 px, an iPhone 12 to 15): none may scroll
 * sideways, and an open dialog must fit the screen with nothing of it reaching past its edges.
 * The screens are the router's: a signed-in route this file does not visit fails the first test.
 */

const PHONE = { width: 390, height: 844 };

/** How long the walk may take on a busy 2-core machine: a few dozen screens and dialogs. */
const WALK_TIMEOUT_MS = 300_000;

/** The router's paths below the signed-in route, as written there (`dashboard/company/:companyId`). */
const signedInPaths = (list: readonly RouteObject[], inside = false): string[] =>
  list.flatMap((route) => [
    ...(inside && route.path ? [route.path] : []),
    ...signedInPaths(route.children ?? [], inside || route.id === SIGNED_IN_ROUTE_ID),
  ]);

/**
 * The screen each signed-in path shows, as this walk opens it ('*' is the 404 page, which a
 * signed-in owner sees inside the app). A new route must be added here, and to the walk below.
 */
const SCREENS: Record<string, string> = {
  dashboard: 'dashboard',
  'dashboard/companies': 'companies',
  'dashboard/companies/new': 'company-create',
  'dashboard/company/new': 'company-create-alias',
  'dashboard/company': 'company-none-selected',
  'dashboard/company/:companyId': 'company-overview',
  'dashboard/company/:companyId/edit': 'company-edit',
  'dashboard/company/:companyId/platforms': 'platforms',
  'dashboard/company/:companyId/campaigns': 'campaigns',
  'dashboard/company/:companyId/calendar': 'calendar',
  'dashboard/company/:companyId/campaigns/new': 'campaign-create',
  'dashboard/company/:companyId/campaigns/:campaignId': 'campaign-detail',
  'dashboard/company/:companyId/campaigns/:campaignId/edit': 'campaign-edit',
  'dashboard/company/:companyId/content': 'company-content',
  'dashboard/company/:companyId/analytics': 'company-analytics',
  'dashboard/company/:companyId/performance': 'performance',
  'dashboard/platforms': 'platforms-index',
  'dashboard/campaigns': 'coming-soon-campaigns',
  'dashboard/forum': 'forum-home',
  'dashboard/forum/:categorySlug': 'forum-category',
  'dashboard/forum/:categorySlug/:threadId': 'forum-thread',
  'dashboard/support': 'support',
  'dashboard/admin': 'admin',
  profile: 'profile',
  'r/:code': 'review-link-expired',
  '*': 'not-found',
};

/**
 * What does not fit, in words a person can act on: the page when it is wider than the window
 * (with the elements that reach past its right edge), and each open dialog that leaves the
 * screen or holds something wider than itself.
 */
const misfits = (page: Page, screen: string): Promise<string[]> =>
  page.evaluate((screen) => {
    const width = window.innerWidth;
    const describe = (element: Element) => {
      const box = element.getBoundingClientRect();
      const classes = [...element.classList].slice(0, 6).join('.');
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> "${text}" ${Math.round(box.left)}–${Math.round(box.right)} px`;
    };
    /** The innermost elements of `root` that reach past `right`: what to fix. */
    const culprits = (root: Element, right: number) => {
      const past = (element: Element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && box.right > right + 0.5;
      };
      return [...root.querySelectorAll('*')]
        .filter((element) => past(element) && ![...element.children].some(past))
        .slice(0, 4)
        .map(describe);
    };
    const found: string[] = [];
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > width) {
      found.push(
        `${screen}: the page is ${pageWidth} px wide in ${width}: ${culprits(document.body, width).join('; ')}`,
      );
    }
    for (const dialog of document.querySelectorAll('[role="dialog"], [role="alertdialog"]')) {
      const labelledBy = dialog.getAttribute('aria-labelledby');
      const name =
        dialog.getAttribute('aria-label') ??
        (labelledBy ? document.getElementById(labelledBy)?.textContent : '') ??
        '';
      const box = dialog.getBoundingClientRect();
      if (box.left < -0.5 || box.right > width + 0.5) {
        found.push(
          `${screen}: the dialog "${name}" spans ${Math.round(box.left)}–${Math.round(box.right)} px in ${width}`,
        );
      }
      const inside = culprits(dialog, Math.min(box.right, width));
      if (inside.length) {
        found.push(`${screen}: in the dialog "${name}", ${inside.join('; ')}`);
      }
    }
    return found;
  }, screen);

describe('every signed-in screen on a phone (390 px)', () => {
  const browser = useBrowser();

  it("visits each of the router's signed-in routes", () => {
    const paths = signedInPaths(routes);
    expect(paths.length).toBeGreaterThan(10);
    // The 404 page is the router's last route; signed in, it shows inside the app.
    expect([...paths, '*'].sort()).toEqual(Object.keys(SCREENS).sort());
  });

  it(
    'no screen scrolls sideways and every dialog opened on a phone fits',
    async () => {
      const { context, page } = await newPage(browser(), PHONE);
      const findings: string[] = [];
      const visited = new Set<string>();
      /** Checks the page as it is now, and keeps a screenshot of it. */
      const check = async (name: string) => {
        // Entrance transitions and late images settle first.
        await page.waitForTimeout(250);
        findings.push(...(await misfits(page, name)));
        // A dialog covers the screen: the screen is what shows it (a full page would not).
        if (await page.locator('[aria-modal="true"]:visible').count()) {
          await page.screenshot({ path: `screenshots/phone-${name}-390.png` });
        } else {
          await screenshot(page, `phone-${name}-390`);
        }
      };
      /** Opens a signed-in path, waits for what says the screen is there, and checks it. */
      const visit = async (route: string, path: string, ready: () => Promise<unknown>) => {
        const name = SCREENS[route]!;
        expect(name, `${route} is in SCREENS`).toBeDefined();
        await page.goto(path);
        await ready();
        visited.add(route);
        await check(name);
      };
      const heading = (name: string | RegExp, level?: number) =>
        page
          .getByRole('heading', { name, ...(level ? { level } : {}) })
          .first()
          .waitFor();
      const dialog = (name: string, role: 'dialog' | 'alertdialog' = 'dialog') =>
        page.getByRole(role, { name, exact: true });
      /** Checks a dialog that is open now, then closes it with Escape. */
      const checkDialog = async (name: string, label: string, role?: 'alertdialog') => {
        await dialog(label, role).waitFor();
        await check(name);
        await page.keyboard.press('Escape');
        await dialog(label, role).waitFor({ state: 'detached' });
      };

      // A new owner signs in: the dashboard before any company, with its phone dialog.
      const account = await registerThroughApi();
      await page.goto('/login');
      await logIn(page, account.email);
      await page.waitForURL('**/dashboard');
      await dialog('Verify your phone number').waitFor();
      await check('dashboard-phone-dialog');
      await dismissPhoneVerification(page);
      await check('dashboard-first-company');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await checkDialog('menu-drawer', 'Menu');

      // The company form, then the company made with it.
      await visit('dashboard/companies/new', '/dashboard/companies/new', () =>
        page.getByLabel('Website').waitFor(),
      );
      await visit('dashboard/company/new', '/dashboard/company/new', () =>
        page.getByLabel('Website').waitFor(),
      );
      await page.getByLabel('Company name').fill('Harbor Coffee Roasters of the Northwest Coast');
      await page.getByRole('button', { name: 'Create company' }).click();
      await page.waitForURL(/\/dashboard\/company\/[0-9a-f-]{36}$/);
      const overview = new URL(page.url()).pathname;
      const companyId = overview.split('/').pop()!;
      // Gold: the posts below need more than the intro tier's one generation a day.
      await setPaidTier(companyId, 'gold');

      await visit('dashboard', '/dashboard', () => heading('Your Companies'));
      await visit('dashboard/companies', '/dashboard/companies', () =>
        page
          .getByRole('main')
          .getByText('Harbor Coffee Roasters of the Northwest Coast')
          .first()
          .waitFor(),
      );
      await visit('dashboard/company', '/dashboard/company', () => page.waitForURL('**/dashboard'));
      await visit('dashboard/company/:companyId', overview, () =>
        heading('Harbor Coffee Roasters of the Northwest Coast', 1),
      );
      await page.getByRole('button', { name: 'Manage Subscription' }).click();
      await checkDialog('company-subscription-dialog', 'Manage Subscription');
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await dialog('Delete company?', 'alertdialog').waitFor();
      await check('company-delete-dialog');
      await dialog('Delete company?', 'alertdialog')
        .getByRole('button', { name: 'Cancel' })
        .click();
      await visit('dashboard/company/:companyId/edit', `${overview}/edit`, () =>
        page.getByLabel('Company name').waitFor(),
      );

      // Platforms: X connected, its Post now dialog with a file in it, its Disconnect question.
      await connectX(page, overview);
      await visit('dashboard/company/:companyId/platforms', `${overview}/platforms`, () =>
        page.getByRole('region', { name: 'X (Twitter)' }).getByText('Connected').waitFor(),
      );
      const xCard = page.getByRole('region', { name: 'X (Twitter)' });
      await xCard.getByRole('button', { name: 'Post now' }).click();
      const postNow = dialog('Post to X (Twitter)');
      await postNow.getByPlaceholder("What's on your mind?").fill('Fresh roast this morning ☕');
      await postNow.locator('input[type="file"]').setInputFiles({
        name: 'autumn-blend-bag-on-the-roastery-counter-at-opening-time.png',
        mimeType: 'image/png',
        buffer: gradientPng(320, 200, [120, 72, 40], [240, 200, 150]),
      });
      await postNow.getByText('Uploaded', { exact: true }).waitFor({ timeout: 30_000 });
      await check('platforms-post-now-dialog');
      await postNow.getByRole('button', { name: 'Cancel' }).click();
      await xCard.getByRole('button', { name: 'Disconnect' }).click();
      await checkDialog('platforms-disconnect-dialog', 'Disconnect X (Twitter)?', 'alertdialog');
      await visit('dashboard/platforms', '/dashboard/platforms', () =>
        page
          .getByRole('main')
          .getByText('Harbor Coffee Roasters of the Northwest Coast')
          .first()
          .waitFor(),
      );

      // Campaigns: an active one on X with posts in every status a card shows, and a draft one.
      const token = await storedToken(page);
      const api = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
        const response = await fetch(`${baseUrl()}/api${path}`, {
          ...init,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        });
        expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300);
        return (await response.json()) as T;
      };
      const day = (offset: number) =>
        new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const newCampaign = (name: string, status: 'active' | 'draft') =>
        api<{ _id: string }>('/campaigns', {
          method: 'POST',
          body: JSON.stringify({
            company: companyId,
            name,
            description: 'Three weeks of the new roast, with a Saturday tasting at the roastery.',
            campaignIntention: 'marketing',
            status,
            platforms: ['twitter'],
            startDate: day(-1),
            endDate: day(30),
            contentSeeds: {
              brandVoice: 'Warm and plain',
              keyMessages: ['Fresh roast every morning', 'Saturday tastings at 10'],
              contentInstructions: 'Short and friendly',
            },
            schedule: { days: ['mon', 'thu'], times: ['08:30'] },
          }),
        });
      const { _id: campaignId } = await newCampaign(
        'Autumn blend launch at the roastery',
        'active',
      );
      await newCampaign('Holiday gift boxes', 'draft');
      const generatePost = async (): Promise<string> => {
        const { generationId } = await api<{ generationId: string }>(
          `/campaigns/${campaignId}/generate`,
          {
            method: 'POST',
            body: JSON.stringify({ platform: 'twitter', sendNotification: false }),
          },
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
      const approve = (contentId: string) =>
        api(`/campaigns/${campaignId}/content/${contentId}/approve`, {
          method: 'POST',
          body: JSON.stringify({ status: 'approved' }),
        });
      const published = await generatePost();
      await approve(published);
      await api(`/campaigns/${campaignId}/content/${published}/schedule`, {
        method: 'POST',
        body: JSON.stringify({ now: true }),
      });
      const scheduled = await generatePost();
      await approve(scheduled);
      await generatePost();

      await visit('dashboard/company/:companyId/campaigns', `${overview}/campaigns`, () =>
        page.getByText('Holiday gift boxes').first().waitFor(),
      );
      await visit('dashboard/company/:companyId/calendar', `${overview}/calendar`, () =>
        page.locator('[data-layout="agenda"] [data-post-id]').first().waitFor(),
      );
      const detail = `${overview}/campaigns/${campaignId}`;
      const content = page.getByRole('region', { name: 'Content', exact: true });
      await visit('dashboard/company/:companyId/campaigns/:campaignId', detail, () =>
        content.getByRole('list', { name: 'Generated posts' }).waitFor(),
      );
      await content.getByLabel('Status').selectOption('');
      await expect.poll(() => content.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
      await check('campaign-detail-all-posts');

      // The detail's dialogs: Add Media with a file, Generate Content, Request Changes and its two
      // forms, Move or publish now, Delete.
      await page.getByRole('button', { name: 'Add Media' }).first().click();
      const addMedia = dialog('Add Media');
      await addMedia.locator('input[type="file"]').setInputFiles({
        name: 'saturday-tasting-at-the-roastery-with-the-whole-team-and-neighbours.png',
        mimeType: 'image/png',
        buffer: gradientPng(320, 200, [30, 90, 60], [200, 230, 210]),
      });
      await addMedia.getByRole('listitem').first().waitFor();
      await check('campaign-add-media-dialog');
      await addMedia.getByRole('button', { name: 'Upload' }).click();
      await page.getByRole('status').filter({ hasText: 'Media uploaded successfully' }).waitFor();
      await addMedia.waitFor({ state: 'detached' });
      await content.getByRole('button', { name: 'Generate Content' }).first().click();
      await checkDialog('campaign-generate-dialog', 'Generate Content');
      const draftCard = content
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: 'Approve' }) })
        .first();
      await draftCard.getByRole('button', { name: 'Request Changes' }).click();
      await dialog('Request Changes').waitFor();
      await check('campaign-request-changes-dialog');
      await dialog('Request Changes')
        .getByRole('button', { name: /^AI Assistance/ })
        .click();
      await dialog('Request changes from the AI').waitFor();
      await check('campaign-ai-feedback-dialog');
      await dialog('Request changes from the AI').getByRole('button', { name: 'Back' }).click();
      await dialog('Request Changes')
        .getByRole('button', { name: /^Direct Edit/ })
        .click();
      const edit = dialog('Edit the post');
      await edit
        .getByLabel('Post text')
        .fill(
          'Autumn Blend is back ☕ Taste it with us this Saturday at 10, at the roastery on the harbour. https://harbor.coffee/autumn-blend-tasting-saturday-mornings #AutumnBlendLaunchAtTheRoasteryOnTheHarbour',
        );
      await edit.getByRole('button', { name: /saturday-tasting/ }).click();
      await check('campaign-direct-edit-dialog');
      // Over X's limit: the count beside the text says by how much, and Save waits.
      await edit
        .getByLabel('Post text')
        .fill('Fresh roast every morning at the harbour. '.repeat(7).trim());
      await expect
        .poll(() => edit.getByRole('button', { name: 'Save changes' }).isDisabled())
        .toBe(true);
      await checkDialog('campaign-direct-edit-over-limit', 'Edit the post');
      await content.getByLabel('Status').selectOption('scheduled');
      await content.getByRole('button', { name: 'Move or publish now' }).first().click();
      await dialog('Move post').getByLabel('Another free time').waitFor();
      await checkDialog('campaign-move-dialog', 'Move post');
      await page.getByRole('button', { name: 'Delete' }).first().click();
      await checkDialog('campaign-delete-dialog', 'Delete Campaign', 'alertdialog');

      await visit('dashboard/company/:companyId/campaigns/:campaignId/edit', `${detail}/edit`, () =>
        page.getByLabel('Campaign Name').waitFor(),
      );

      // The generator, then the manual form; a drafted campaign on the generator's screen.
      await visit('dashboard/company/:companyId/campaigns/new', `${overview}/campaigns/new`, () =>
        page.getByRole('heading', { name: 'No Campaign Generated Yet' }).waitFor(),
      );
      const generator = page.getByRole('tabpanel', { name: 'AI Campaign Generator' });
      await generator
        .getByRole('textbox', { name: 'Campaign Description' })
        .fill('Launch our Autumn Blend to regulars and new neighbours, with Saturday tastings.');
      await generator.getByRole('button', { name: 'Generate Campaign' }).click();
      await generator.getByRole('region', { name: 'AI Analysis' }).waitFor({ timeout: 30_000 });
      await check('campaign-generator-drafted');
      await page.getByRole('tab', { name: 'Manual Campaign Creation' }).click();
      await page.getByLabel('Campaign Name').waitFor();
      await check('campaign-create-manual');

      await visit('dashboard/company/:companyId/content', `${overview}/content`, () =>
        page
          .getByRole('main')
          .getByText('Harbor Coffee Roasters of the Northwest Coast')
          .first()
          .waitFor(),
      );
      await visit('dashboard/company/:companyId/analytics', `${overview}/analytics`, () =>
        page
          .getByRole('main')
          .getByText('Harbor Coffee Roasters of the Northwest Coast')
          .first()
          .waitFor(),
      );
      await visit('dashboard/company/:companyId/performance', `${overview}/performance`, () =>
        heading('Performance', 1),
      );
      await visit('dashboard/campaigns', '/dashboard/campaigns', () => heading('Coming soon'));
      await visit('dashboard/support', '/dashboard/support', () => heading('No tickets yet'));

      // The account takes `role` on the server and in the session.
      const becomes = async (role: 'founder' | 'admin') => {
        await page.evaluate((role) => {
          for (const store of [sessionStorage, localStorage]) {
            const stored = store.getItem('user');
            if (stored) store.setItem('user', JSON.stringify({ ...JSON.parse(stored), role }));
          }
        }, role);
        const userId = await page.evaluate(
          () =>
            (
              JSON.parse(
                sessionStorage.getItem('user') ?? localStorage.getItem('user') ?? '{}',
              ) as { _id?: string }
            )._id,
        );
        await setRole(userId!, role);
      };
      // The Founder Forum, as a founder sees it: the account becomes one here (the first 50
      // accounts of a sandbox are, and this one may not be).
      await becomes('founder');
      const forumToken = await storedToken(page);
      const forumPost = async (path: string, body: unknown) => {
        const response = await fetch(`${baseUrl()}/api${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${forumToken}` },
          body: JSON.stringify(body),
        });
        expect(response.status, await response.clone().text()).toBe(201);
        return (await response.json()) as { _id: string; slug: string };
      };
      const category = await forumPost('/forum/categories', {
        name: `Neighbourhood marketing ${Date.now().toString(36)}`,
        description: 'Flyers, markets and the shop window: what works on the street where you are.',
        order: 1,
      });
      const thread = await forumPost('/forum/threads', {
        title: 'Which of your weekly posts brought the most people through the door this autumn?',
        content:
          'Ours was the **Saturday tasting** post. Notes: https://harbor.coffee/notes/autumn-2026/saturday-tastings-and-what-we-learned-from-them',
        categoryId: category._id,
      });
      await visit('dashboard/forum', '/dashboard/forum', () => heading('Founder Forum', 1));
      await page.getByRole('button', { name: 'New Thread' }).click();
      await checkDialog('forum-new-thread-dialog', 'New Thread');
      await page.getByRole('button', { name: 'Create Category' }).first().click();
      await checkDialog('forum-create-category-dialog', 'Create Category');
      await visit('dashboard/forum/:categorySlug', `/dashboard/forum/${category.slug}`, () =>
        page.getByRole('list', { name: 'Threads' }).waitFor(),
      );
      await visit(
        'dashboard/forum/:categorySlug/:threadId',
        `/dashboard/forum/${category.slug}/${thread._id}`,
        () => page.getByLabel('Your reply').waitFor(),
      );
      // The business's numbers, which only an admin sees.
      await becomes('admin');
      await visit('dashboard/admin', '/dashboard/admin', () => heading('Business numbers', 1));
      await visit('profile', '/profile', () => heading(/profile/i, 1));
      await visit('r/:code', '/r/abcdefghij', () => heading('This link has expired'));
      await visit('*', '/dashboard/no-such-screen', () => heading('Page Not Found'));

      expect([...visited].sort(), 'every route of SCREENS was visited').toEqual(
        Object.keys(SCREENS).sort(),
      );
      expect(findings, `Too wide at 390 px:\n${findings.join('\n')}`).toEqual([]);
      await context.close();
    },
    WALK_TIMEOUT_MS,
  );
});
