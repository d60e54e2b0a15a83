import { describe, expect, it } from 'vitest';
import { baseUrl, newAccount, newPage, screenshot, storedToken, useBrowser } from './browser';
import { connectX, ownerWithCompany, verifyPhoneThroughApi } from './owners';

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

    // An active campaign on X posting every day at 9:00, New York time.
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
          times: ['09:00'],
        },
      }),
    });
    const posts = async (status: string) =>
      (await api<{ data: ApiPost[] }>(`/campaigns/${campaignId}/content?status=${status}`)).data;

    // The sandbox: Morning now for the company.
    await page.goto('/_sandbox');
    const schedulesPanel = page.getByRole('region', { name: 'Schedules' });
    await schedulesPanel.getByLabel('Company id').fill(companyId);
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

    // The post is scheduled at the campaign's next 9:00 in New York, as the app shows it.
    const [scheduled] = await posts('scheduled');
    expect(scheduled?._id).toBe(draft!._id);
    await page.goto(`${company}/campaigns/${campaignId}#content`);
    const section = page.getByRole('region', { name: 'Content' });
    await section.getByLabel('Status').selectOption('scheduled');
    await section
      .getByText(/^Goes out \w{3}, \w{3} \d+ at 9:00 AM, New York time$/)
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

    // Run now on its schedule: the publisher posts it to the stand-in of X.
    await page.goto('/_sandbox');
    await schedulesPanel.getByRole('button', { name: `Run now: publish-${draft!._id}-1` }).click();
    await expect
      .poll(async () => (await posts('published')).map((post) => post._id), { timeout: 20_000 })
      .toEqual([draft!._id]);
    const [published] = await posts('published');
    await page.reload();
    const postsPanel = page.getByRole('region', { name: 'Posts' });
    await postsPanel.getByRole('link', { name: published!.postUrl! }).waitFor();
    await screenshot(page, 'loop-published-in-sandbox-1280');

    // And in the app: published, with its link.
    await page.goto(`${company}/campaigns/${campaignId}#content`);
    await section.getByLabel('Status').selectOption('published');
    await section.getByRole('link', { name: 'View on X (Twitter)' }).waitFor();
    expect(
      await section.getByRole('link', { name: 'View on X (Twitter)' }).getAttribute('href'),
    ).toBe(published!.postUrl);

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
