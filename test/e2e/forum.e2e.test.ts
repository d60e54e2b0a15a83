import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Role } from '#shared/domain/users';
import { useSandboxTable } from '../api/db';
import { describeFindings, seriousViolations } from './axe';
import {
  baseUrl,
  dismissPhoneVerification,
  logIn,
  newAccount,
  newPage,
  registerAccountThroughApi,
  screenshot,
  unique,
  useBrowser,
} from './browser';

/**
 * The Founder Forum as its members use it: a founder starts a category and a thread written in
 * Markdown (a `javascript:` link and an `<img onerror>` in it stay inert), another founder replies
 * and votes, the admin closes the thread; a refused vote says why beside the item for 3 seconds;
 * axe finds nothing serious on its screens at desktop and phone widths; and to anyone else the
 * forum is the 404 page.
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

interface Member {
  page: Page;
  context: BrowserContext;
  name: string;
}

/**
 * A new account with `role` (written to its record before it signs in, so the app knows it from
 * the start), signed in through the login form on the dashboard.
 */
const signedIn = async (
  browser: Browser,
  role: Role,
  firstName: string,
  viewport = DESKTOP,
): Promise<Member> => {
  const {
    account,
    auth: { user },
  } = await registerAccountThroughApi(newAccount({ firstName }));
  const { users } = await useSandboxTable();
  await users.patch({ userId: user._id }).set({ role }).go();
  const { context, page } = await newPage(browser, viewport);
  await page.goto('/login');
  await logIn(page, account.email);
  await page.waitForURL('**/dashboard');
  await dismissPhoneVerification(page);
  return { page, context, name: `${account.firstName} ${account.lastName}` };
};

/** The serious and critical findings of axe on the page as it is now, one text each. */
const seriousFindings = async (page: Page, screen: string): Promise<string[]> =>
  (await seriousViolations(page, screen)).map((finding) => describeFindings([finding]));

/** Whether the page is wider than its window (something reaches past the right edge). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** Looks at a screen at both widths: axe, no sideways scrolling, a screenshot of each. */
const lookAt = async (page: Page, screen: string, ready: () => Locator, findings: string[]) => {
  for (const [width, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await ready().waitFor();
    findings.push(...(await seriousFindings(page, `${screen} @${width}`)));
    if (await scrollsSideways(page)) findings.push(`${screen} @${width}: scrolls sideways`);
    const dialogOpen = await page.locator('[aria-modal="true"]:visible').count();
    if (dialogOpen) await page.screenshot({ path: `screenshots/forum-${screen}-${width}.png` });
    else await screenshot(page, `forum-${screen}-${width}`);
  }
  await page.setViewportSize(DESKTOP);
};

const MARKDOWN = [
  'We post **twice a day**, mornings and evenings.',
  '',
  '- [Our posting notes](https://example.com/notes)',
  '- [A trap](javascript:window.__forumPwned=1)',
  '',
  '<img src="x" onerror="window.__forumPwned=2">',
].join('\n');

describe('the Founder Forum in the browser', () => {
  const browser = useBrowser();

  it('a founder starts a category and a thread; another replies and votes; the admin closes it', async () => {
    const findings: string[] = [];
    const maya = await signedIn(browser(), 'founder', 'Maya');
    const { page } = maya;
    // A script that ran would open a dialog, or set the flag the post's traps aim at.
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Founder Forum' })
      .click();
    await page.waitForURL('**/dashboard/forum');
    await page.getByRole('heading', { level: 1, name: 'Founder Forum' }).waitFor();

    // Create Category: the slug shows as the name is typed.
    const tag = unique();
    const categoryName = `Growth & Marketing ${tag}!`;
    await page.getByRole('button', { name: 'Create Category' }).first().click();
    const create = page.getByRole('dialog', { name: 'Create Category' });
    await create.getByLabel('Name').pressSequentially(categoryName);
    await expect.poll(() => create.textContent()).toContain(`Slug: growth-marketing-${tag}`);
    await create.getByLabel('Description').fill('What brings customers in, and what does not.');
    await create.getByLabel('Order').fill('0');
    await lookAt(page, 'create-category-dialog', () => create, findings);
    await create.getByRole('button', { name: 'Create Category' }).click();
    await create.waitFor({ state: 'detached' });
    const categoryLink = page
      .getByRole('list', { name: 'Categories' })
      .getByRole('link', { name: categoryName });
    await lookAt(page, 'home', () => categoryLink, findings);

    // The category, empty; then New Thread in it.
    await categoryLink.click();
    await page.waitForURL(`**/dashboard/forum/growth-marketing-${tag}`);
    await page.getByRole('heading', { name: 'No threads yet' }).waitFor();
    await page.getByRole('button', { name: 'New Thread' }).first().click();
    const newThread = page.getByRole('dialog', { name: 'New Thread' });
    await expect.poll(() => newThread.getByLabel('Category').inputValue()).not.toBe('');
    await newThread.getByLabel('Title').fill('How often do you post on X?');
    await newThread.getByLabel('Content').fill(MARKDOWN);
    await lookAt(page, 'new-thread-dialog', () => newThread, findings);
    await newThread.getByRole('button', { name: 'Create Thread' }).click();
    await page.waitForURL(new RegExp(`/dashboard/forum/growth-marketing-${tag}/[0-9a-f-]{36}$`));
    const threadUrl = new URL(page.url()).pathname;

    // The post's Markdown renders; its link and its HTML are inert.
    const opening = page.getByRole('article', { name: 'Opening post by Maya Lopez' });
    await opening.getByText('twice a day').waitFor();
    expect(await opening.locator('strong').first().textContent()).toBe('twice a day');
    const notes = opening.getByRole('link', { name: 'Our posting notes' });
    expect(await notes.getAttribute('href')).toBe('https://example.com/notes');
    expect(await notes.getAttribute('rel')).toBe('nofollow ugc noopener');
    expect(await notes.getAttribute('target')).toBe('_blank');
    await opening.getByText('A trap').waitFor();
    expect(await opening.getByRole('link', { name: 'A trap' }).count()).toBe(0);
    const hrefs = await opening
      .locator('[href]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(hrefs.filter((href) => /^\s*javascript:/i.test(href))).toEqual([]);
    expect(await opening.locator('img').count()).toBe(0);
    expect(await opening.innerHTML()).not.toMatch(/onerror/i);
    await opening.getByText('A trap').click();
    // One's own post: its count, no buttons.
    expect(await opening.getByRole('button', { name: /Vote/ }).count()).toBe(0);
    await lookAt(page, 'thread', () => opening, findings);

    // Another founder replies and votes the thread up.
    const sam = await signedIn(browser(), 'founder', 'Sam');
    await sam.page.goto(threadUrl);
    const samsView = sam.page.getByRole('article', { name: 'Opening post by Maya Lopez' });
    await samsView.waitFor();
    await sam.page.getByLabel('Your reply').fill('Once a day works for us. _Mornings_ do best.');
    await sam.page.getByRole('button', { name: 'Post Reply' }).click();
    const reply = sam.page.getByRole('article', { name: 'Reply by Sam Lopez' });
    await reply.getByText('Mornings').waitFor();
    expect(await reply.getByRole('button', { name: /Vote/ }).count()).toBe(0);
    const up = samsView.getByRole('button', { name: 'Vote up' });
    await up.click();
    await expect.poll(() => up.getAttribute('aria-pressed')).toBe('true');
    await samsView.getByText('1 vote', { exact: true }).waitFor();
    // Read again from the server: the vote and the reply stay.
    await sam.page.reload();
    await expect
      .poll(() => samsView.getByRole('button', { name: 'Vote up' }).getAttribute('aria-pressed'))
      .toBe('true');
    await samsView.getByText('1 vote', { exact: true }).waitFor();
    await sam.page.getByRole('heading', { name: '1 Reply' }).waitFor();

    // Maya sees the reply and the vote, and votes Sam's reply up.
    await page.reload();
    await opening.getByText('1 vote', { exact: true }).waitFor();
    const samsReply = page.getByRole('article', { name: 'Reply by Sam Lopez' });
    await samsReply.getByRole('button', { name: 'Vote up' }).click();
    await samsReply.getByText('1 vote', { exact: true }).waitFor();

    // The admin closes it: the lock, and no reply form, for everyone.
    const admin = await signedIn(browser(), 'admin', 'Alex');
    await admin.page.goto(threadUrl);
    await admin.page.getByRole('button', { name: 'Close thread' }).click();
    const confirm = admin.page.getByRole('alertdialog', { name: 'Close this thread?' });
    await lookAt(admin.page, 'close-thread-dialog', () => confirm, findings);
    await confirm.getByRole('button', { name: 'Close thread' }).click();
    await admin.page.getByRole('heading', { name: 'This thread is closed' }).waitFor();
    expect(await admin.page.getByLabel('Your reply').count()).toBe(0);
    await sam.page.reload();
    await sam.page.getByRole('heading', { name: 'This thread is closed' }).waitFor();
    expect(await sam.page.getByLabel('Your reply').count()).toBe(0);
    expect(await sam.page.getByRole('button', { name: 'Post Reply' }).count()).toBe(0);
    expect(await sam.page.getByRole('button', { name: 'Close thread' }).count()).toBe(0);
    await lookAt(
      sam.page,
      'thread-closed',
      () => sam.page.getByRole('heading', { name: 'This thread is closed' }),
      findings,
    );

    // The category lists it with its lock, its reply and its vote.
    await sam.page.goto(`/dashboard/forum/growth-marketing-${tag}`);
    const row = sam.page.getByRole('list', { name: 'Threads' }).getByRole('listitem').first();
    await row.getByRole('img', { name: 'Closed' }).waitFor();
    expect(await row.textContent()).toMatch(/1 reply.*1 vote/);
    await lookAt(sam.page, 'category', () => row, findings);

    // Nothing a post held ever ran.
    expect(dialogs).toEqual([]);
    for (const member of [page, sam.page, admin.page]) {
      expect(
        await member.evaluate(() => (window as { __forumPwned?: unknown }).__forumPwned),
      ).toBeUndefined();
    }
    expect(findings, findings.join('\n')).toEqual([]);
    await Promise.all([maya.context.close(), sam.context.close(), admin.context.close()]);
  });

  it('a refused vote says why beside the item, for 3 seconds', async () => {
    const maya = await signedIn(browser(), 'founder', 'Maya');
    const sam = await signedIn(browser(), 'founder', 'Sam');
    // Maya's thread, made through the API with her session.
    const token = await maya.page.evaluate(
      () => localStorage.getItem('token') ?? sessionStorage.getItem('token'),
    );
    const api = async (path: string, body: unknown) => {
      const response = await fetch(`${baseUrl()}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      expect(response.status, await response.clone().text()).toBe(201);
      return (await response.json()) as { _id: string; slug?: string; categorySlug?: string };
    };
    const tag = unique();
    const category = await api('/forum/categories', {
      name: `Votes ${tag}`,
      description: 'Where votes are tried.',
      order: 5,
    });
    const thread = await api('/forum/threads', {
      title: 'Vote on me',
      content: 'Up or down, as you like.',
      categoryId: category._id,
    });

    await sam.page.route('**/api/forum/votes', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 429,
          code: 'RATE_LIMITED',
          message: 'Too many votes at once. Try again in a minute.',
          error: 'Too Many Requests',
        }),
      }),
    );
    await sam.page.goto(`/dashboard/forum/${thread.categorySlug}/${thread._id}`);
    const opening = sam.page.getByRole('article', { name: 'Opening post by Maya Lopez' });
    await opening.getByRole('button', { name: 'Vote up' }).click();
    const message = opening.getByRole('alert');
    await message.waitFor();
    const shownAt = Date.now();
    expect(await message.textContent()).toBe('Too many votes at once. Try again in a minute.');
    await screenshot(sam.page, 'forum-vote-refused-1280');
    // The vote is taken back.
    expect(
      await opening.getByRole('button', { name: 'Vote up' }).getAttribute('aria-pressed'),
    ).toBe('false');
    await opening.getByText('0 votes', { exact: true }).waitFor();
    await message.waitFor({ state: 'detached', timeout: 6000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(2500);
    expect(shownFor).toBeLessThan(4500);

    // Without a message from the server: 'Failed to vote'.
    await sam.page.unroute('**/api/forum/votes');
    await sam.page.route('**/api/forum/votes', (route) => route.abort());
    await opening.getByRole('button', { name: 'Vote down' }).click();
    expect(await opening.getByRole('alert').textContent()).toBe('Failed to vote');
    await Promise.all([maya.context.close(), sam.context.close()]);
  });

  it('is the 404 page to someone outside the forum, with no link to it', async () => {
    const outsider = await signedIn(browser(), 'user', 'Jo');
    const { page } = outsider;
    expect(
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Founder Forum' })
        .count(),
    ).toBe(0);
    for (const path of [
      '/dashboard/forum',
      '/dashboard/forum/general',
      '/dashboard/forum/general/0f8fad5b-d9cb-469f-a165-70867728950e',
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    }
    await screenshot(page, 'forum-outsider-404-1280');
    await outsider.context.close();
  });
});
