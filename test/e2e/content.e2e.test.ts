import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { postTextLength, X_LINK_COST_NOTE } from '#shared/domain/post-text';
import {
  baseUrl,
  latestMessage,
  newAccount,
  newPage,
  screenshot,
  storedToken,
  useBrowser,
} from './browser';
import { connectX, ownerWithCompany, verifyPhoneThroughApi } from './owners';

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** A preview's count as it shows ("155 / 280"), without the words a screen reader hears. */
const shownCount = (scope: Locator) =>
  scope.getByTestId('post-count').locator('[aria-hidden="true"]').innerText();

/** "2026-05-04": the day `offset` days from today (UTC; the campaign runs a month either way). */
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

interface ApiPost {
  _id: string;
  content: string;
  status: string;
  version: number;
}

describe('generated content in the browser', () => {
  const browser = useBrowser();

  it('activate → generate an X post with a text → AI revision → direct edit → approve', async () => {
    const { page } = await newPage(browser());
    const account = newAccount();
    const phone = `+1${account.phoneDigits}`;
    const company = await ownerWithCompany(page, { account });
    await verifyPhoneThroughApi(page, account);
    await connectX(page, company);

    // A draft campaign on X, running from yesterday for a month.
    const token = await storedToken(page);
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${baseUrl()}/api${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      });
    const campaignName = 'Autumn blend launch';
    const created = await api('/campaigns', {
      method: 'POST',
      body: JSON.stringify({
        company: company.split('/').pop(),
        name: campaignName,
        description: 'Three weeks of the new roast, with a Saturday tasting at the roastery.',
        campaignIntention: 'marketing',
        status: 'draft',
        startDate: day(-1),
        endDate: day(30),
        platforms: ['twitter'],
        schedule: { days: ['mon', 'thu'], times: ['08:30'] },
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { _id: campaignId } = (await created.json()) as { _id: string };
    const postsOf = async (status: string): Promise<ApiPost[]> => {
      const response = await api(`/campaigns/${campaignId}/content?status=${status}`);
      return ((await response.json()) as { data: ApiPost[] }).data;
    };

    // The detail page: a draft campaign's Content section sends the owner to the edit form.
    const campaignPath = `${company}/campaigns/${campaignId}`;
    await page.goto(campaignPath);
    const section = page.getByRole('region', { name: 'Content', exact: true });
    await section
      .getByText(
        'Content can only be generated for an active campaign. Activate the campaign first.',
      )
      .waitFor();
    await section.getByRole('link', { name: 'Edit campaign' }).click();
    await page.waitForURL('**/edit');
    await expect.poll(() => page.getByLabel('Campaign Name').inputValue()).toBe(campaignName);
    await page.getByLabel('Status').selectOption('active');
    await page.getByRole('button', { name: 'Save Campaign' }).click();
    await toast(page, 'Campaign updated successfully').waitFor();
    await page.waitForURL(`**${campaignPath}`);

    // Generate Content: X, the text on by default; the polls held so that the progress shows.
    await section.getByText('No drafts to review').waitFor();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holdPolls = async (route: Route) => {
      await held;
      await route.continue();
    };
    await page.route('**/api/ai/generations/**', holdPolls);
    await section.getByRole('button', { name: 'Generate Content' }).first().click();
    const generate = page.getByRole('dialog', { name: 'Generate Content' });
    await generate.getByRole('radio', { name: 'X (Twitter)' }).check();
    const notify = generate.getByRole('checkbox', { name: 'Text me when the draft is ready' });
    expect(await notify.isChecked()).toBe(true);
    await expect.poll(() => generate.getByText('Verify your phone in').count()).toBe(0);
    await generate.getByRole('button', { name: 'Generate', exact: true }).click();
    await generate.getByRole('progressbar', { name: 'Generating content' }).waitFor();
    await generate.getByRole('button', { name: 'Generating…' }).waitFor();
    await screenshot(page, 'content-generate-progress-1280');
    release();
    await toast(page, 'Content generated successfully').waitFor({ timeout: 30_000 });
    await page.unroute('**/api/ai/generations/**', holdPolls);
    await generate.waitFor({ state: 'hidden' });

    // The draft, as X shows it, with X's weighted count.
    const posts = section.getByRole('list', { name: 'Generated posts' });
    const card = posts.getByRole('listitem').filter({ hasText: 'X (Twitter) post' });
    await card.waitFor();
    const [draft] = await postsOf('draft');
    expect(draft?.version).toBe(1);
    const preview = card.locator('[data-platform="twitter"]');
    // The post's status badge, beside its heading (the history has badges of its own).
    const badge = card.locator('h3 ~ [data-status]');
    await expect
      .poll(() => preview.locator('p.whitespace-pre-line').innerText())
      .toBe(draft!.content);
    const weighted = postTextLength('twitter', draft!.content).length;
    expect(await shownCount(card)).toMatch(/^\d+ \/ 280$/);
    expect(await shownCount(card)).toBe(`${weighted} / 280`);
    expect(await badge.innerText()).toBe('Draft');
    await screenshot(page, 'content-x-preview-1280');

    // Request Changes → AI Assistance: feedback and an aspect.
    await card.getByRole('button', { name: 'Request Changes' }).click();
    const chooser = page.getByRole('dialog', { name: 'Request Changes' });
    await chooser.getByRole('button', { name: /^AI Assistance/ }).click();
    const ai = page.getByRole('dialog', { name: 'Request changes from the AI' });
    const feedback = 'Make it warmer and mention the Saturday tasting at 10.';
    await ai.getByLabel('What should change?').fill(feedback);
    await ai.getByRole('checkbox', { name: 'Tone' }).check();
    await screenshot(page, 'content-ai-feedback-1280');
    await ai.getByRole('button', { name: 'Send to AI' }).click();
    await toast(page, 'Content modification request sent successfully').waitFor();
    await ai.waitFor({ state: 'hidden' });

    // The revision lands as version 2, a draft again; its history holds the feedback.
    await expect
      .poll(async () => (await postsOf('draft'))[0]?.version, { timeout: 30_000 })
      .toBe(2);
    const [revised] = await postsOf('draft');
    await expect
      .poll(() => preview.locator('p.whitespace-pre-line').innerText())
      .toBe(revised!.content);
    // The feedback, then the AI's version: two entries, folded until opened.
    await card.locator('summary', { hasText: 'Modification history (2)' }).click();
    await card.getByText(feedback).waitFor();
    await card.getByText('Aspects: Tone').waitFor();
    await card.getByText('Revised by the AI').waitFor();

    // Request Changes → Direct Edit: the preview counts as X does (a link is 23, an emoji 2).
    await card.getByRole('button', { name: 'Request Changes' }).click();
    await chooser.getByRole('button', { name: /^Direct Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the post' });
    const edited =
      'Autumn Blend is back ☕ Taste it with us this Saturday at 10, at the roastery on the harbour. https://harbor.coffee/autumn-blend-tasting #AutumnBlend';
    // X shows a link without its scheme, cut after 23 characters.
    const editedShown = edited.replace(
      'https://harbor.coffee/autumn-blend-tasting',
      'harbor.coffee/autumn-bl…',
    );
    const postText = edit.getByLabel('Post text');
    await expect.poll(() => postText.inputValue()).toBe(revised!.content);
    await postText.fill(edited);
    const editedCount = postTextLength('twitter', edited).length;
    expect(editedCount).not.toBe([...edited].length);
    const livePreview = edit.getByRole('region', { name: 'Preview' });
    await expect.poll(() => shownCount(livePreview)).toBe(`${editedCount} / 280`);
    await livePreview.getByText(X_LINK_COST_NOTE).waitFor();
    await screenshot(page, 'content-direct-edit-1280');
    // The AI revision's toast says the same words: let it go first, so the next one is the edit's.
    await toast(page, 'Content modification request sent successfully').waitFor({
      state: 'detached',
      timeout: 15_000,
    });
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Content modification request sent successfully').waitFor();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(() => preview.locator('p.whitespace-pre-line').innerText()).toBe(editedShown);
    expect(await shownCount(card)).toBe(`${editedCount} / 280`);

    // Approve: the post takes the campaign's next slot (Mon and Thu at 8:30, New York time) and
    // its card stays where it was, scheduled with its time, though the list shows drafts; the
    // toast names the time and offers Undo.
    const slotText = /(Mon|Thu), \w+ \d+ at 8:30 AM, New York time/;
    await card.getByRole('button', { name: 'Approve' }).click();
    const approved = toast(page, 'Content approved successfully. It goes out');
    await approved.waitFor();
    expect(await approved.innerText()).toMatch(slotText);
    await expect.poll(() => badge.innerText()).toBe('Scheduled');
    await card.getByText(new RegExp(`^Goes out ${slotText.source}$`)).waitFor();
    expect(await card.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await section.getByLabel('Status').inputValue()).toBe('draft');
    expect((await postsOf('scheduled')).map((post) => post._id)).toEqual([draft!._id]);
    await screenshot(page, 'content-approved-stays-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'screenshots/content-approved-stays-390.png' });
    await page.setViewportSize({ width: 1280, height: 800 });
    // Undo: a draft again, its slot freed.
    await approved.getByRole('button', { name: 'Undo' }).click();
    await toast(page, 'Undone: the post is a draft again').waitFor();
    await expect.poll(() => badge.innerText()).toBe('Draft');
    await card.getByRole('button', { name: 'Approve' }).waitFor();
    expect(await postsOf('scheduled')).toEqual([]);
    expect((await postsOf('draft')).map((post) => post.content)).toEqual([edited]);

    // Approved again; under Scheduled once the owner picks that filter, which the address keeps.
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => badge.innerText()).toBe('Scheduled');
    await section.getByLabel('Status').selectOption('scheduled');
    await page.waitForURL('**?status=scheduled');
    await page.reload();
    await expect.poll(() => section.getByLabel('Status').inputValue()).toBe('scheduled');
    await expect.poll(() => badge.innerText()).toBe('Scheduled');
    await card.getByText(/^Goes out (Mon|Thu), \w+ \d+ at 8:30 AM, New York time$/).waitFor();
    await expect.poll(() => preview.locator('p.whitespace-pre-line').innerText()).toBe(editedShown);
    expect(await card.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect((await postsOf('scheduled'))[0]?.content).toBe(edited);

    // The text that announced the draft.
    await expect
      .poll(async () => (await latestMessage(phone))?.text ?? '')
      .toMatch(new RegExp(`"${campaignName}"[\\s\\S]*1 YES`));

    // The section at 390 px.
    await page.setViewportSize({ width: 390, height: 844 });
    await section.getByLabel('Status').selectOption('');
    await expect.poll(() => badge.innerText()).toBe('Scheduled');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    ).toBe(false);
    // The toasts gone, so that they do not cover the section's top in the screenshots.
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'successfully' }).count())
      .toBe(0);
    await section.screenshot({ path: 'screenshots/content-section-390.png' });
    await screenshot(page, 'content-detail-390');
    await page.context().close();
  });
});
