import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  dismissPhoneVerification,
  logIn,
  newAccount,
  newPage,
  registerThroughApi,
  screenshot,
  storedToken,
  unique,
  useBrowser,
} from './browser';
import { noisePng } from './images';
import { connectX, ownerWithCompany, sandboxPosts, verifyPhoneThroughApi } from './owners';

describe('platforms in the browser', () => {
  const browser = useBrowser();

  it('connect X on the sandbox consent page → post with an image (progress shown) → the inbox has it → a revoked token asks to reconnect → reconnect → disconnect; LinkedIn needs an upgrade on intro', async () => {
    const { context, page } = await newPage(browser());
    const account = await registerThroughApi();
    await page.goto('/login');
    await logIn(page, account.email);
    await page.waitForURL('**/dashboard');
    await dismissPhoneVerification(page);

    const token = await storedToken(page);
    const created = await fetch(`${baseUrl()}/api/companies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Harbor Coffee', description: 'Small-batch roaster' }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { _id: companyId } = (await created.json()) as { _id: string };

    await page.goto(`/dashboard/company/${companyId}/platforms`);
    const card = (name: string) => page.getByRole('region', { name });
    await card('X (Twitter)').getByRole('button', { name: 'Connect Now' }).waitFor();
    // Intro connects X only: LinkedIn, Facebook and Instagram offer the upgrade.
    for (const name of ['LinkedIn', 'Facebook', 'Instagram'])
      await card(name).getByRole('button', { name: 'Upgrade' }).waitFor();
    await screenshot(page, 'platforms-intro-1280');

    // X's consent page (the sandbox's stand-in), then back with a toast.
    const handle = `harbor${unique()}`;
    await card('X (Twitter)').getByRole('button', { name: 'Connect Now' }).click();
    await page.getByRole('heading', { name: /wants to use your X/ }).waitFor();
    await page.getByLabel('Sign in as').fill(handle);
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(`**/dashboard/company/${companyId}/platforms`);
    await page.getByText('Connected to X (Twitter)').waitFor();
    await card('X (Twitter)').getByText('Connected', { exact: true }).waitFor();
    await card('X (Twitter)').getByText(`@${handle}`).waitFor();
    expect(page.url()).not.toContain('success=');

    // Post with an image, its upload slowed so that its progress shows.
    await card('X (Twitter)').getByRole('button', { name: 'Post now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post to X (Twitter)' });
    const text = `Autumn blend is back ${unique()}`;
    await dialog.getByPlaceholder("What's on your mind?").fill(text);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 150 * 1024,
    });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'autumn-blend.png',
      mimeType: 'image/png',
      buffer: noisePng(300, 300),
    });
    const progress = dialog.getByRole('progressbar', { name: 'Uploading autumn-blend.png' });
    await progress.waitFor();
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')))
      .toBeGreaterThan(0);
    await screenshot(page, 'platforms-post-uploading-1280');
    await dialog.getByText('Uploaded', { exact: true }).first().waitFor({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await dialog.getByLabel(/^Alt text/).fill('A bag of Autumn Blend beside a cup');
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await page.getByText('Content posted to Twitter!').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const posted = (await sandboxPosts()).find((post) => post.text === text);
    expect(posted).toMatchObject({ platform: 'twitter', handle: `@${handle}` });
    expect(posted!.media).toEqual([
      expect.objectContaining({
        contentType: 'image/png',
        altText: 'A bag of Autumn Blend beside a cup',
      }),
    ]);
    const inbox = await context.newPage();
    await inbox.goto('/_sandbox#posts');
    await inbox.getByText(text).waitFor();
    await screenshot(inbox, 'sandbox-posts-1280');
    await inbox.close();

    // X revokes the grant: the next post fails and the card asks to reconnect.
    await fetch(`${baseUrl()}/_sandbox/api/providers/twitter/next-failure`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'revoke' }),
    });
    await card('X (Twitter)').getByRole('button', { name: 'Post now' }).click();
    await dialog.getByPlaceholder("What's on your mind?").fill(`One more ${unique()}`);
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await page.getByText(/^Failed to post content: /).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await card('X (Twitter)').getByRole('button', { name: 'Reconnect' }).waitFor();
    await card('X (Twitter)')
      .getByText(/needs reconnection/i)
      .first()
      .waitFor();
    await screenshot(page, 'platforms-reconnect-1280');

    // Reconnecting the same account updates the connection rather than adding a second.
    await card('X (Twitter)').getByRole('button', { name: 'Reconnect' }).click();
    await page.getByLabel('Sign in as').fill(handle);
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByText('Connected to X (Twitter)').waitFor();
    await card('X (Twitter)').getByRole('button', { name: 'Post now' }).waitFor();
    const listed = await fetch(`${baseUrl()}/api/companies/${companyId}/platform-credentials`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const credentials = (await listed.json()) as { needsReconnection: boolean }[];
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.needsReconnection).toBe(false);

    // Disconnect, after a confirmation.
    await card('X (Twitter)').getByRole('button', { name: 'Disconnect' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Disconnect X (Twitter)?' });
    await confirm.getByRole('button', { name: 'Disconnect' }).click();
    await card('X (Twitter)').getByRole('button', { name: 'Connect Now' }).waitFor();
    await context.close();
  });
});

/** "2026-05-04": the day `offset` days from today (UTC; the campaign runs a month either way). */
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

interface ApiPost {
  _id: string;
  content: string;
  status: string;
  scheduledFor: string | null;
  postUrl: string | null;
}

// In this file, after the platforms test: that one revokes every token the stand-in of X issued,
// which would refuse this test's post if the two ran at the same time in separate workers.
describe('the daily loop in the browser', () => {
  const browser = useBrowser();

  it('Morning now → the text on the sandbox phone → reply 1 YES → scheduled at its slot → Run now → published', async () => {
    const { page } = await newPage(browser());
    const account = newAccount();
    const phone = `+1${account.phoneDigits}`;
    const company = await ownerWithCompany(page, { account });
    const companyId = company.split('/').pop()!;
    await verifyPhoneThroughApi(page, account);
    await connectX(page, company);

    // An active campaign on X posting every day, next in about half an hour, New York time: due
    // within the hour, its card follows it every few seconds.
    const soon = new Date(Date.now() + 30 * 60_000);
    const inNewYork = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', ...options }).format(soon);
    const postingTime = inNewYork({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    // "2:05 PM" (ICU may put a narrow space before PM).
    const shownTime = inNewYork({ hour: 'numeric', minute: '2-digit' }).replace(/\s/gu, '\\s');
    const token = await storedToken(page);
    const api = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
      const response = await fetch(`${baseUrl()}/api${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      });
      expect(response.status, path).toBeLessThan(300);
      return (await response.json()) as T;
    };
    const campaignName = `Harbour mornings ${Math.random().toString(36).slice(2, 6)}`;
    const { _id: campaignId } = await api<{ _id: string }>('/campaigns', {
      method: 'POST',
      body: JSON.stringify({
        company: companyId,
        name: campaignName,
        status: 'active',
        platforms: ['twitter'],
        startDate: day(-1),
        endDate: day(30),
        contentSeeds: {
          brandVoice: 'Warm and plain',
          keyMessages: ['Fresh roast every morning'],
          contentInstructions: 'Short and friendly',
        },
        schedule: {
          timeZone: 'America/New_York',
          days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
          times: [postingTime],
        },
      }),
    });
    const posts = async (status: string) =>
      (await api<{ data: ApiPost[] }>(`/campaigns/${campaignId}/content?status=${status}`)).data;

    // The sandbox: Morning now for the company.
    await page.goto('/_sandbox');
    const schedulesPanel = page.getByRole('region', { name: 'Schedules' });
    await schedulesPanel.getByLabel('Company', { exact: true }).selectOption(companyId);
    await schedulesPanel.getByRole('button', { name: 'Morning now' }).click();
    await page.waitForURL('**/_sandbox**');

    // The text on the sandbox phone, numbered; the reply from the same phone.
    const phonePanel = page.getByRole('region', { name: 'Phone' });
    await expect
      .poll(
        async () => {
          await page.reload();
          return phonePanel.getByText(`"${campaignName}"`).count();
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    const conversation = phonePanel.getByRole('listitem').filter({ hasText: phone }).first();
    await expect.poll(() => conversation.innerText()).toContain('1 YES');
    await screenshot(page, 'loop-sandbox-phone-text-1280');
    const [draft] = await posts('draft');
    expect(draft).toBeDefined();
    await conversation.getByLabel(`Reply from ${phone}`).fill('1 YES');
    await conversation.getByRole('button', { name: 'Send reply' }).click();
    await expect
      .poll(async () => {
        await page.reload();
        return phonePanel.getByRole('listitem').filter({ hasText: phone }).first().innerText();
      })
      .toContain('Approved 1 post');

    // The post is scheduled at the campaign's next posting time in New York, as the app shows
    // it (the Scheduled filter named in the address).
    const [scheduled] = await posts('scheduled');
    expect(scheduled?._id).toBe(draft!._id);
    await page.goto(`${company}/campaigns/${campaignId}?status=scheduled#content`);
    const section = page.getByRole('region', { name: 'Content' });
    expect(await section.getByLabel('Status').inputValue()).toBe('scheduled');
    await section
      .getByText(new RegExp(`^Goes out \\w{3}, \\w{3} \\d+ at ${shownTime}, New York time$`, 'u'))
      .first()
      .waitFor();
    await screenshot(page, 'loop-scheduled-post-1280');
    // Move or publish now: the next free times, in the campaign's zone.
    await section.getByRole('button', { name: 'Move or publish now' }).click();
    const move = page.getByRole('dialog', { name: 'Move post' });
    await move.getByLabel('Another free time').waitFor();
    await screenshot(page, 'loop-move-dialog-1280');
    await page.keyboard.press('Escape');
    await move.waitFor({ state: 'hidden' });

    // Run now on its schedule, from the sandbox in another window, the campaign page left open:
    // the publisher posts it to the stand-in of X.
    const card = section.getByRole('listitem').filter({ hasText: 'X (Twitter) post' });
    const badge = card.locator('h3 ~ [data-status]');
    expect(await badge.innerText()).toBe('Scheduled');
    const { page: sandbox } = await newPage(browser());
    await sandbox.goto('/_sandbox');
    // Its row, titled by what it does ("Publish X post '…' of …"), is the post's schedule.
    await sandbox
      .locator(`[data-schedule="publish-${draft!._id}-1"]`)
      .getByRole('button', { name: /^Run now: Publish X post/ })
      .click();
    const ranAt = Date.now();
    // The card turns Published on its own, with its link, within 10 s and without a reload.
    await card.getByRole('link', { name: 'View on X (Twitter)' }).waitFor({ timeout: 10_000 });
    expect(Date.now() - ranAt).toBeLessThan(10_000);
    expect(await badge.innerText()).toBe('Published');
    const [published] = await posts('published');
    expect(published?._id).toBe(draft!._id);
    expect(await card.getByRole('link', { name: 'View on X (Twitter)' }).getAttribute('href')).toBe(
      published!.postUrl,
    );
    await screenshot(page, 'loop-published-live-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'loop-published-live-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await sandbox.reload();
    await sandbox
      .getByRole('region', { name: 'Posts' })
      .getByRole('link', { name: published!.postUrl! })
      .waitFor();
    await screenshot(sandbox, 'loop-published-in-sandbox-1280');
    await sandbox.context().close();

    // STOP from the phone: the profile says texts are off, and how to turn them back on.
    await page.goto('/_sandbox');
    const thread = phonePanel.getByRole('listitem').filter({ hasText: phone }).first();
    await thread.getByLabel(`Reply from ${phone}`).fill('STOP');
    await thread.getByRole('button', { name: 'Send reply' }).click();
    await page.waitForURL('**/_sandbox**');
    await page.goto('/profile');
    await page.getByText('Texts are off: you replied STOP.', { exact: false }).waitFor();
    await screenshot(page, 'loop-profile-texts-off-1280');
  });
});
