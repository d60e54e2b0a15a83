import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeFindings, seriousViolations, type Finding } from './axe';
import {
  baseUrl,
  dismissPhoneVerification,
  latestMessage,
  logIn,
  newAccount,
  newPage,
  registerThroughApi,
  screenshot,
  unique,
  useBrowser,
} from './browser';
import { makePng } from './images';
import { ownerWithCompany } from './owners';

/**
 * The Support page end to end: an owner opens a ticket with a screenshot; staff (made so through
 * the sandbox) find it in the queue with its first-response target and reply; the owner sees the
 * Staff badge and the email, then closes the ticket and the reply form is gone. axe runs on each
 * screen at desktop and phone widths, which are also photographed.
 */

const WIDTHS = [
  { name: '1280', viewport: { width: 1280, height: 800 } },
  { name: '390', viewport: { width: 390, height: 844 } },
] as const;

/** Runs axe on the page at each width (the page as it is, after `ready`), and photographs it. */
const sweep = async (
  page: Page,
  screen: string,
  ready: (page: Page) => Locator,
  findings: Finding[],
) => {
  for (const width of WIDTHS) {
    await page.setViewportSize(width.viewport);
    await ready(page).waitFor();
    findings.push(...(await seriousViolations(page, `${screen} @${width.name}`)));
    await screenshot(page, `support-${screen}-${width.name}`);
  }
  await page.setViewportSize(WIDTHS[0].viewport);
};

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** A small screenshot-like PNG: a toolbar and a red error box on white. */
const screenshotPng = () =>
  makePng(240, 160, (x, y) => {
    if (y < 24) return [30, 64, 175];
    if (x > 40 && x < 200 && y > 60 && y < 110) return [220, 38, 38];
    return [248, 250, 252];
  });

const setRole = async (email: string, role: 'staff' | 'admin' | 'user') => {
  const response = await fetch(`${baseUrl()}/_sandbox/api/users/role`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, role }),
  });
  expect(response.status, await response.text()).toBeLessThan(300);
};

describe('support tickets in the browser', () => {
  const browser = useBrowser();

  it('owner opens a ticket with a screenshot → staff answer it from the queue → the owner reads it and closes it', async () => {
    const findings: Finding[] = [];
    const subject = `Posts to X stopped ${unique()}`;

    // The owner, on their company's page, follows Support from the sidebar.
    const owner = newAccount({ firstName: 'Maya' });
    const { context: ownerContext, page } = await newPage(browser());
    const company = await ownerWithCompany(page, { account: owner });
    await page.goto(company);
    await page.getByRole('heading', { name: 'Harbor Coffee', level: 1 }).waitFor();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Support' })
      .click();
    await page.waitForURL('**/dashboard/support');
    await sweep(
      page,
      'owner-empty',
      (p) => p.getByRole('heading', { name: 'No tickets yet' }),
      findings,
    );

    // New Ticket: subject, description, high priority, the company, a screenshot.
    await page.getByRole('button', { name: 'New Ticket' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Ticket' });
    expect(await dialog.getByLabel('Priority').inputValue()).toBe('medium');
    await dialog.getByLabel('Subject').fill(subject);
    await dialog
      .getByLabel('Description')
      .fill('Nothing has gone out to X since Monday. The calendar shows the posts as failed.');
    await dialog.getByLabel('Priority').selectOption('high');
    await dialog.getByLabel('Company (optional)').selectOption({ label: 'Harbor Coffee' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'failed-posts.png',
      mimeType: 'image/png',
      buffer: screenshotPng(),
    });
    await dialog.getByText('Uploaded', { exact: true }).waitFor();
    await sweep(page, 'new-ticket-modal', () => dialog, findings);
    await dialog.getByRole('button', { name: 'Submit Ticket' }).click();
    await toast(page, 'Ticket created').waitFor();
    await page.waitForURL(/\/dashboard\/support\?ticket=/);
    const ticketPath = new URL(page.url()).pathname + new URL(page.url()).search;
    await page.getByRole('heading', { name: subject }).waitFor();
    await page
      .getByRole('list', { name: 'Attachments' })
      .getByRole('link', { name: /failed-posts\.png/ })
      .waitFor();
    await sweep(page, 'owner-detail', (p) => p.getByRole('textbox', { name: 'Reply' }), findings);

    // The owner's list.
    await page.getByRole('link', { name: 'All tickets' }).click();
    const ownerList = page.getByRole('list', { name: 'Your tickets' });
    await ownerList.getByRole('link', { name: subject }).waitFor();
    await sweep(page, 'owner-list', () => ownerList, findings);

    // Staff: an account made staff through the sandbox, signed in afresh.
    const staffAccount = await registerThroughApi(newAccount({ firstName: 'Sam' }));
    await setRole(staffAccount.email, 'staff');
    const { context: staffContext, page: staff } = await newPage(browser());
    await staff.goto('/login');
    await logIn(staff, staffAccount.email);
    await staff.waitForURL('**/dashboard');
    await dismissPhoneVerification(staff);
    await staff.goto('/dashboard/support');
    await staff.getByRole('heading', { name: 'Support queue', level: 1 }).waitFor();
    const queue = staff.getByRole('list', { name: 'Queue' });
    const row = queue.getByRole('listitem').filter({ hasText: subject });
    // High priority: the first answer is due 4 hours after it was opened.
    await row.getByText('due in 3 h').waitFor();
    await row.getByText(`From ${owner.firstName} ${owner.lastName}`).waitFor();
    await sweep(staff, 'staff-queue', () => row, findings);

    // Staff open it: the owner beside it, then an internal note and a reply.
    await row.getByRole('link', { name: subject }).click();
    await staff.getByRole('heading', { name: subject }).waitFor();
    const side = staff.getByRole('complementary', { name: 'Ticket handling and owner' });
    await side.getByText(owner.email).waitFor();
    // What the app added without the owner typing it: the page they came from, the browser.
    await side.getByText(company, { exact: true }).waitFor();
    await side.getByText(/Chrome \d+ on Linux/).waitFor();
    await side.getByRole('button', { name: 'Assign to me' }).click();
    await toast(staff, 'Assigned to you').waitFor();
    await staff.getByRole('checkbox', { name: /Internal note/ }).check();
    await staff.getByRole('textbox', { name: 'Internal note' }).fill('Their X token expired.');
    await staff.getByRole('button', { name: 'Add note' }).click();
    await toast(staff, 'Internal note added').waitFor();
    await staff.getByText('Internal note — the owner never sees this').first().waitFor();
    const reply =
      'Your X connection had expired. Reconnect it under Platforms and the posts will go out.';
    await staff.getByRole('textbox', { name: 'Reply' }).fill(reply);
    await staff.getByRole('button', { name: 'Send reply' }).click();
    await toast(staff, 'Reply sent').waitFor();
    await staff.getByRole('list', { name: 'Replies' }).getByText(reply).waitFor();
    await sweep(staff, 'staff-detail', (p) => p.getByRole('textbox', { name: 'Reply' }), findings);
    await staffContext.close();

    // The owner: the reply with its Staff badge, never the note, and the email with the link.
    await page.goto(ticketPath);
    const replies = page.getByRole('list', { name: 'Replies' });
    const staffReply = replies.getByRole('listitem').filter({ hasText: reply });
    await staffReply.getByText('Staff', { exact: true }).waitFor();
    expect(await page.getByText('Their X token expired.').count()).toBe(0);
    await expect
      .poll(async () => (await latestMessage(owner.email))?.subject)
      .toBe(`Re: ${subject}`);
    const email = await latestMessage(owner.email);
    expect(email?.text).toContain(reply);
    expect(email?.text).toContain(ticketPath);

    // The owner closes it: after the confirmation the form is gone.
    await page.getByRole('button', { name: 'Close Ticket' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Close this ticket?' });
    await confirm.getByRole('button', { name: 'Close Ticket' }).click();
    await page.getByText('This ticket is closed').waitFor();
    expect(await page.getByRole('textbox', { name: 'Reply' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Open a new ticket' }).waitFor();
    await sweep(page, 'owner-closed', (p) => p.getByText('This ticket is closed'), findings);
    await ownerContext.close();

    expect(
      findings,
      `axe found serious or critical violations:\n${describeFindings(findings)}`,
    ).toEqual([]);
  }, 240_000);
});
