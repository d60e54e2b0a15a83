import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useLocalTable } from '#test/support/local-table';
import { logger } from '../core/logger';
import { reviewLinkEntity } from '../core/db/entities/review-link';
import { smsDigestEntity } from '../core/db/entities/sms-digest';
import { userEntity } from '../core/db/entities/user';
import { applyTransition } from '../domain/publishing/post-lifecycle';
import { listOutboxMessages } from '../integrations/outbox/outbox-entity';
import { recordDraft } from './content-store';
import { sendDraftDigest, type DigestItem } from './draft-text';

/** Sending a text about drafts, against DynamoDB Local and the sandbox's outbox. */
describe('sendDraftDigest', () => {
  useLocalTable({ SANDBOX: 'true', APP_URL: 'https://app.test' });

  const owner = async () => {
    const userId = randomUUID();
    const phoneNumber = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    await userEntity()
      .create({
        userId,
        email: `${userId}@example.com`,
        passwordHash: 'x',
        firstName: 'Ada',
        lastName: 'Lovelace',
        phoneNumber,
        phoneVerified: true,
        role: 'user',
      })
      .go();
    return { userId, phoneNumber };
  };

  const draft = async (content: string) => {
    const post = await recordDraft({
      companyId: randomUUID(),
      campaignId: randomUUID(),
      platform: 'twitter',
      content,
      source: 'offline',
    });
    const item: DigestItem = {
      number: 1,
      companyId: post.companyId,
      campaignId: post.campaignId,
      contentId: post.contentId,
      platform: 'twitter',
      campaignName: 'Spring menu',
      text: content,
    };
    return { post, item };
  };

  it('quotes the post as it is when the text goes out, not as it was drafted', async () => {
    const { userId, phoneNumber } = await owner();
    const { post, item } = await draft('Fresh roast every morning.');
    // Edited in the app after it was drafted, before the text went out (a morning's first draft).
    await applyTransition('editDirectly', post, {
      set: { content: 'Fresh roast every morning, now with oat milk.' },
    });

    const outcome = await sendDraftDigest(
      { ownerId: userId, digestId: randomUUID(), items: [item] },
      logger,
    );
    expect(outcome).toBe('sent');
    const [text] = await listOutboxMessages({ to: phoneNumber });
    expect(text!.text).toContain('"Fresh roast every morning, now with oat milk."');
    expect(text!.text).not.toContain('"Fresh roast every morning."');
  });

  it('links the post through a short code kept with the digest; a second run sends nothing more', async () => {
    const { userId, phoneNumber } = await owner();
    const { item } = await draft('Oat lattes are back.');
    const digestId = randomUUID();
    await sendDraftDigest({ ownerId: userId, digestId, items: [item] }, logger);

    const [text] = await listOutboxMessages({ to: phoneNumber });
    const code = /Review: https:\/\/app\.test\/r\/([0-9A-Za-z]{10})\n/.exec(text!.text)?.[1];
    expect(code).toBeDefined();
    const { data: digest } = await smsDigestEntity().get({ userId, digestId }).go();
    expect(digest).toMatchObject({ linkCode: code, sentAt: expect.any(String) });
    const { data: link } = await reviewLinkEntity().get({ code: code! }).go();
    expect(link).toMatchObject({
      userId,
      companyId: item.companyId,
      campaignId: item.campaignId,
      contentId: item.contentId,
      expiresAt: digest!.expiresAt,
    });

    expect(await sendDraftDigest({ ownerId: userId, digestId, items: [item] }, logger)).toBe(
      'sent',
    );
    expect(await listOutboxMessages({ to: phoneNumber })).toHaveLength(1);
  });

  it('a run that stopped before the text sends it with the link it stored', async () => {
    const { userId, phoneNumber } = await owner();
    const { item } = await draft('Cold brew tonic, this weekend only.');
    const digestId = randomUUID();
    await sendDraftDigest({ ownerId: userId, digestId, items: [item] }, logger);
    const { data: digest } = await smsDigestEntity().get({ userId, digestId }).go();
    // As if the text never went out.
    await smsDigestEntity().patch({ userId, digestId }).remove(['sentAt']).go();

    await sendDraftDigest({ ownerId: userId, digestId, items: [item] }, logger);
    const texts = await listOutboxMessages({ to: phoneNumber });
    expect(texts).toHaveLength(2);
    for (const text of texts) expect(text.text).toContain(`/r/${digest!.linkCode}\n`);
  });

  it('links a text of several posts to their campaign, and a text of several campaigns to none', async () => {
    const { userId } = await owner();
    const first = await draft('One.');
    const second = await draft('Two.');
    const sameCampaign = { ...second.item, campaignId: first.item.campaignId, number: 2 };
    const linkOf = async (items: DigestItem[]) => {
      const digestId = randomUUID();
      await sendDraftDigest({ ownerId: userId, digestId, items }, logger);
      const { data: digest } = await smsDigestEntity().get({ userId, digestId }).go();
      return (await reviewLinkEntity().get({ code: digest!.linkCode! }).go()).data;
    };
    const one = await linkOf([first.item, sameCampaign]);
    expect(one).toMatchObject({ campaignId: first.item.campaignId });
    expect(one!.contentId).toBeUndefined();
    const several = await linkOf([first.item, { ...second.item, number: 2 }]);
    expect(several!.campaignId).toBeUndefined();
    expect(several!.companyId).toBe(first.item.companyId);
  });

  it('a text about a failed post has no link', async () => {
    const { userId, phoneNumber } = await owner();
    const { item } = await draft('Spring menu out now.');
    const digestId = randomUUID();
    await sendDraftDigest(
      { ownerId: userId, digestId, items: [{ ...item, reason: 'X refused it.' }], kind: 'failed' },
      logger,
    );
    const { data: digest } = await smsDigestEntity().get({ userId, digestId }).go();
    expect(digest!.linkCode).toBeUndefined();
    const [text] = await listOutboxMessages({ to: phoneNumber });
    expect(text!.text).toContain('Reply RETRY 1');
    expect(text!.text).not.toContain('http');
  });
});
