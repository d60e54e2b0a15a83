import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  dismissPhoneVerification,
  logIn,
  newPage,
  registerThroughApi,
  screenshot,
  storedToken,
  unique,
  useBrowser,
} from './browser';
import { noisePng } from './images';

interface SandboxPost {
  platform: string;
  handle: string;
  text: string;
  url: string;
  media: { altText?: string; contentType: string }[];
}

const sandboxPosts = async (): Promise<SandboxPost[]> =>
  ((await (await fetch(`${baseUrl()}/_sandbox/api/posts`)).json()) as { posts: SandboxPost[] })
    .posts;

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
    // Intro connects X only: LinkedIn offers the upgrade; Facebook and Instagram are coming.
    await card('LinkedIn').getByRole('button', { name: 'Upgrade' }).waitFor();
    await card('Facebook').getByText('Coming Soon').first().waitFor();
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
