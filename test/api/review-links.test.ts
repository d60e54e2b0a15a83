import { beforeAll, describe, expect, it } from 'vitest';
import {
  finishedGeneration,
  newCampaign,
  newContentOwner,
  type ContentOwner,
} from './content-support';
import { expireReviewLink } from './db';
import { apiUrl, call, inbox, registerUser } from './http';

/**
 * The review link of a draft text: short (`/r/{code}`: the app's origin and ten letters or
 * digits), unguessable, kept as long as the text's digest, and resolved only for the owner — a
 * stranger's code, an expired one and a made-up one answer alike.
 */

interface ReviewTarget {
  companyId: string;
  campaignId: string;
  contentId: string | null;
}

const resolve = (code: string, token?: string) =>
  call<ReviewTarget>('GET', `/review-links/${code}`, token ? { token } : {});

/** Texts a new draft of the campaign; answers the post's id and the text's link. */
const textedDraft = async (owner: ContentOwner, campaignId: string) => {
  const started = await call<{ generationId: string }>(
    'POST',
    `/campaigns/${campaignId}/generate`,
    { token: owner.token, body: { platform: 'twitter', sendNotification: true } },
  );
  expect(started.status).toBe(202);
  const generation = await finishedGeneration(owner, started.body.generationId);
  expect(generation.notification).toBe('sent');
  const [text] = (await inbox(owner.account.user.phoneNumber)).filter((message) =>
    message.text.includes('new X (Twitter) draft'),
  );
  const link = /Review: (\S+)/.exec(text!.text)![1]!;
  return { contentId: generation.contentId!, link };
};

describe('the review link of a draft text', () => {
  let owner: ContentOwner;
  let campaignId: string;
  let contentId: string;
  let code: string;

  beforeAll(async () => {
    owner = await newContentOwner({ phone: true });
    campaignId = await newCampaign(owner);
    const texted = await textedDraft(owner, campaignId);
    contentId = texted.contentId;
    const match = new RegExp(`^${apiUrl()}/r/([0-9A-Za-z]{10})$`).exec(texted.link);
    expect(match, texted.link).not.toBeNull();
    code = match![1]!;
  });

  it('is the app’s origin, /r/ and ten letters or digits, and names the post for its owner', async () => {
    const resolved = await resolve(code, owner.token);
    expect(resolved.status).toBe(200);
    expect(resolved.body).toEqual({ companyId: owner.companyId, campaignId, contentId });
  });

  it('answers a stranger exactly as a code that does not exist', async () => {
    const stranger = await registerUser();
    const strangers = await resolve(code, stranger.token);
    const madeUp = await resolve('Zz9Zz9Zz9Z', stranger.token);
    expect(strangers.status).toBe(404);
    expect(strangers.body).toEqual(madeUp.body);
    expect(strangers.body).toMatchObject({ code: 'REVIEW_LINK_NOT_FOUND' });
  });

  it('needs a signed-in caller, and refuses a code of the wrong shape as missing', async () => {
    expect((await resolve(code)).status).toBe(401);
    for (const junk of ['short', 'a'.repeat(11), 'abc-def_gh', owner.companyId]) {
      const result = await resolve(junk, owner.token);
      expect(result.status, junk).toBe(404);
      expect(result.body).toMatchObject({ code: 'REVIEW_LINK_NOT_FOUND' });
    }
  });

  it('each text has its own code', async () => {
    const second = await textedDraft(owner, campaignId);
    expect(second.link).not.toContain(code);
  });

  it('ends with its digest: an expired code answers as missing, before the table removes it', async () => {
    const other = await textedDraft(owner, campaignId);
    const otherCode = other.link.split('/r/')[1]!;
    expect((await resolve(otherCode, owner.token)).status).toBe(200);
    await expireReviewLink(otherCode);
    expect((await resolve(otherCode, owner.token)).body).toMatchObject({
      code: 'REVIEW_LINK_NOT_FOUND',
    });
  });

  it('answers as missing once the campaign is deleted', async () => {
    const gone = await newCampaign(owner, { name: 'Gone soon' });
    const texted = await textedDraft(owner, gone);
    const goneCode = texted.link.split('/r/')[1]!;
    expect(
      (await call('DELETE', `/campaigns/${gone}`, { token: owner.token })).status,
    ).toBeLessThan(300);
    expect((await resolve(goneCode, owner.token)).body).toMatchObject({
      code: 'REVIEW_LINK_NOT_FOUND',
    });
  });
});
