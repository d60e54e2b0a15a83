import { createJimp } from '@jimp/core';
import jpeg from '@jimp/js-jpeg';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setPaidTier } from '../api/db';
import {
  baseUrl,
  newAccount,
  newPage,
  screenshot,
  storedToken,
  unique,
  useBrowser,
} from './browser';
import { gradientPng } from './images';
import { ownerWithCompany, sandboxPosts, verifyPhoneThroughApi } from './owners';

const card = (page: Page, name: string) => page.getByRole('region', { name });

/** The screen at a phone's width and back, for a person to look at. */
const screenshotsAtBothWidths = async (page: Page, name: string) => {
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
};

/** A real square JPEG (Instagram publishes JPEG, from 4:5 to 1.91:1). */
const squareJpeg = async (side: number): Promise<Buffer> => {
  const Jimp = createJimp({ formats: [jpeg] });
  const image = new Jimp({ width: side, height: side, color: 0xc2703dff });
  return image.getBuffer('image/jpeg');
};

/** "2026-05-04": the day `offset` days from today (UTC; the campaign runs a month either way). */
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Meta's consent page (the sandbox's stand-in): signs in as `name`, whose Pages it grants. */
const consentAs = async (page: Page, name: string) => {
  await page.getByLabel('Sign in as').fill(name);
  await page.getByRole('button', { name: 'Allow' }).click();
};

describe('Facebook and Instagram on the Platforms screen', () => {
  const browser = useBrowser();

  it('gates them by the tier: Intro sees Facebook as an upgrade, Silver connects Facebook and sees Instagram as an upgrade', async () => {
    const { context, page } = await newPage(browser());
    const company = await ownerWithCompany(page, { role: 'user' });
    await page.goto(`${company}/platforms`);
    await card(page, 'Facebook')
      .getByText('Upgrade to the Silver plan to connect Facebook.')
      .waitFor();
    await card(page, 'Instagram')
      .getByText('Upgrade to the Platinum plan to connect Instagram.')
      .waitFor();
    expect(await page.getByText(/coming soon/i).count()).toBe(0);

    await setPaidTier(company.split('/').pop()!, 'silver');
    await page.reload();
    await card(page, 'Facebook').getByRole('button', { name: 'Connect Now' }).waitFor();
    await card(page, 'Instagram').getByRole('button', { name: 'Upgrade' }).waitFor();
    expect(await card(page, 'Instagram').getByRole('button', { name: 'Connect Now' }).count()).toBe(
      0,
    );
    await screenshotsAtBothWidths(page, 'meta-platforms-silver');
    await context.close();
  });

  it('a Silver company connects Facebook, picks a Page with the keyboard, and posts now with an image: the stand-in has it', async () => {
    const { context, page } = await newPage(browser());
    const company = await ownerWithCompany(page, { role: 'user' });
    await setPaidTier(company.split('/').pop()!, 'silver');
    await page.goto(`${company}/platforms`);

    const name = `Harbor ${unique()}`;
    await card(page, 'Facebook').getByRole('button', { name: 'Connect Now' }).click();
    await consentAs(page, name);

    // Back on the Platforms screen, the Pages granted: the name's own and its Events Page.
    const picker = page.getByRole('dialog', { name: 'Choose your Facebook Page' });
    await picker.getByRole('radio', { name: `${name} Events` }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await screenshotsAtBothWidths(page, 'meta-page-picker-facebook');
    // The keyboard alone: the first Page has the focus; Space chooses, the arrow moves on.
    await expect
      .poll(() =>
        picker
          .getByRole('radio')
          .first()
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    expect(await picker.getByRole('radio', { name: `${name} Events` }).isChecked()).toBe(true);
    await page.keyboard.press('ArrowUp');
    expect(await picker.getByRole('radio', { name, exact: true }).isChecked()).toBe(true);
    await picker.getByRole('button', { name: 'Connect' }).click();

    await page.getByText('Connected to Facebook').waitFor();
    await picker.waitFor({ state: 'detached' });
    const facebook = card(page, 'Facebook');
    await facebook.getByText('Connected', { exact: true }).waitFor();
    await facebook.getByText(name, { exact: true }).waitFor();
    await screenshotsAtBothWidths(page, 'meta-platforms-facebook-connected');

    // Post now with an image.
    await facebook.getByRole('button', { name: 'Post now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post to Facebook' });
    const text = `Autumn blend is back at the roastery ${unique()}`;
    await dialog.getByPlaceholder("What's on your mind?").fill(text);
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'autumn-blend.png',
      mimeType: 'image/png',
      buffer: gradientPng(600, 600, [194, 112, 61], [250, 230, 200]),
    });
    await dialog.getByText('Uploaded', { exact: true }).first().waitFor({ timeout: 30_000 });
    await dialog.getByLabel(/^Alt text/).fill('A bag of Autumn Blend on the bar');
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await page.getByText('Content posted to Facebook!').waitFor();

    const posted = (await sandboxPosts()).find((post) => post.text === text);
    expect(posted).toMatchObject({ platform: 'facebook' });
    expect(posted!.media).toEqual([expect.objectContaining({ contentType: 'image/png' })]);
    await context.close();
  });
});

interface ApiPost {
  _id: string;
  content: string;
  status: string;
  imageIds: string[];
  scheduledFor: string | null;
  postUrl: string | null;
}

describe('an Instagram post from the morning text to its slot', () => {
  const browser = useBrowser();

  it('a Platinum company connects Instagram; the morning draft with its image is approved by text reply, then published at its slot through a container', async () => {
    const { page } = await newPage(browser());
    const account = newAccount();
    const phone = `+1${account.phoneDigits}`;
    const company = await ownerWithCompany(page, { account, role: 'user' });
    const companyId = company.split('/').pop()!;
    await setPaidTier(companyId, 'platinum');
    await verifyPhoneThroughApi(page, account);

    // Connect Instagram: Meta's consent, then the Page whose professional account posts.
    await page.goto(`${company}/platforms`);
    const name = `Harbor ${unique()}`;
    await card(page, 'Instagram').getByRole('button', { name: 'Connect Now' }).click();
    await consentAs(page, name);
    const picker = page.getByRole('dialog', { name: 'Choose your Instagram account' });
    // The Events Page has no Instagram account: it says so, in the server's words, and cannot be
    // chosen; the one that can is chosen already.
    const events = picker.getByRole('radio', { name: `${name} Events` });
    await events.waitFor();
    expect(await events.isDisabled()).toBe(true);
    const main = picker.getByRole('radio', { name, exact: true });
    expect(await main.isChecked()).toBe(true);
    const username = name.toLowerCase().replace(/[^a-z0-9_.]/g, '');
    expect(await main.getAttribute('aria-describedby')).toBeTruthy();
    await picker.getByText(`Instagram: @${username}`).waitFor();
    await screenshotsAtBothWidths(page, 'meta-page-picker-instagram');
    await picker.getByRole('button', { name: 'Connect' }).click();
    await page.getByText('Connected to Instagram').waitFor();
    const instagram = card(page, 'Instagram');
    await instagram.getByText(`@${username}`).waitFor();
    await instagram.getByText(`Linked to the Page ${name}`).waitFor();
    await screenshotsAtBothWidths(page, 'meta-platforms-instagram-connected');

    // An active campaign on Instagram, next posting in about half an hour, New York time, with
    // its photo for Instagram.
    const token = await storedToken(page);
    const api = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
      const response = await fetch(`${baseUrl()}/api${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      });
      expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300);
      return (await response.json()) as T;
    };
    const soon = new Date(Date.now() + 30 * 60_000);
    const postingTime = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(soon);
    const campaignName = `Harbour mornings ${unique()}`;
    const { _id: campaignId } = await api<{ _id: string }>('/campaigns', {
      method: 'POST',
      body: JSON.stringify({
        company: companyId,
        name: campaignName,
        status: 'active',
        platforms: ['instagram'],
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
    const photo = await squareJpeg(1080);
    const upload = await api<{ url: string; fields: Record<string, string>; key: string }>(
      `/campaigns/${campaignId}/media/uploads`,
      {
        method: 'POST',
        body: JSON.stringify({
          fileName: 'roastery.jpg',
          contentType: 'image/jpeg',
          size: photo.length,
        }),
      },
    );
    const form = new FormData();
    for (const [field, value] of Object.entries(upload.fields)) form.append(field, value);
    form.append('file', new Blob([new Uint8Array(photo)]), 'roastery.jpg');
    expect((await fetch(upload.url, { method: 'POST', body: form })).status).toBeLessThan(300);
    await api(`/campaigns/${campaignId}/media`, {
      method: 'POST',
      body: JSON.stringify({
        key: upload.key,
        description: 'The roastery at dawn',
        usage: 'primary',
        platforms: ['instagram'],
      }),
    });
    const posts = async (status: string) =>
      (await api<{ data: ApiPost[] }>(`/campaigns/${campaignId}/content?status=${status}`)).data;

    // Morning now for the company, from the sandbox; the text on the sandbox phone.
    await page.goto('/_sandbox');
    const schedulesPanel = page.getByRole('region', { name: 'Schedules' });
    await schedulesPanel.getByLabel('Company', { exact: true }).selectOption(companyId);
    await schedulesPanel.getByRole('button', { name: 'Morning now' }).click();
    await page.waitForURL('**/_sandbox**');
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
    const [draft] = await posts('draft');
    // The draft carries the campaign's photo for Instagram, and no link.
    expect(draft?.imageIds).toHaveLength(1);
    expect(draft!.content).not.toMatch(/https?:\/\//);

    // 1 YES from the same phone: approved, and scheduled at the campaign's next time.
    const conversation = phonePanel.getByRole('listitem').filter({ hasText: phone }).first();
    await conversation.getByLabel(`Reply from ${phone}`).fill('1 YES');
    await conversation.getByRole('button', { name: 'Send reply' }).click();
    await expect
      .poll(async () => {
        await page.reload();
        return phonePanel.getByRole('listitem').filter({ hasText: phone }).first().innerText();
      })
      .toContain('Approved 1 post');
    const [scheduled] = await posts('scheduled');
    expect(scheduled?._id).toBe(draft!._id);

    // The campaign's page follows the post; Run now on its schedule publishes it through a
    // container (the stand-in's is still IN_PROGRESS on the first check).
    await page.goto(`${company}/campaigns/${campaignId}?status=scheduled#content`);
    const section = page.getByRole('region', { name: 'Content' });
    const postCard = section.getByRole('listitem').filter({ hasText: 'Instagram post' });
    await postCard.getByText(/^Goes out /).waitFor();
    const { page: sandbox } = await newPage(browser());
    await sandbox.goto('/_sandbox');
    await sandbox
      .locator(`[data-schedule="publish-${draft!._id}-1"]`)
      .getByRole('button', { name: /^Run now: Publish Instagram post/ })
      .click();
    await postCard.getByRole('link', { name: 'View on Instagram' }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'meta-instagram-published-1280');

    const [published] = await posts('published');
    expect(published?._id).toBe(draft!._id);
    const posted = (await sandboxPosts()).find(
      (post) => post.platform === 'instagram' && post.url === published!.postUrl,
    );
    expect(posted).toMatchObject({ text: published!.content });
    expect(posted!.media).toEqual([expect.objectContaining({ contentType: 'image/jpeg' })]);
    await sandbox.context().close();
  });
});
