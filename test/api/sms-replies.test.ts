import { beforeAll, describe, expect, it } from 'vitest';
import type { ContentList, GeneratedContent } from '#shared/contract/content';
import { newTimeOrderedId } from '#functions/core/ids';
import { finishedGeneration, newCampaign, newContentOwner } from './content-support';
import { useSandboxTable } from './db';
import {
  apiUrl,
  call,
  inbox,
  jobsSettled,
  runJob,
  uniqueIdentity,
  type JobOutcome,
  type RegisteredUser,
} from './http';

/**
 * Answering Sailpost's texts by reply, through the sandbox phone
 * (`POST /_sandbox/api/sms/inbound`, which runs the sms-inbound job as the inbound topic would):
 * every form of the grammar acts through the app's own review and publishing rules, is recorded
 * `via: sms` and answered with what was done; only the owner's verified phone acts, only on its
 * newest text while it is at most 48 hours old; STOP silences the draft texts until START.
 */

interface Owner {
  account: RegisteredUser;
  token: string;
  companyId: string;
  phone: string;
  campaignId: string;
}

type ReplyResult = { outcome: string; answer?: string | null };

/** A platinum company in New York with X connected, a verified phone and an active campaign. */
const newOwner = async ({ verified = true } = {}): Promise<Owner> => {
  const owner = await newContentOwner({
    tier: 'platinum',
    phone: verified,
    company: { timeZone: 'America/New_York' },
  });
  const campaignId = await newCampaign(owner);
  return { ...owner, phone: owner.account.user.phoneNumber, campaignId };
};

/** A new draft; with `sendNotification` the owner is texted a one-item digest for it. */
const draft = async (owner: Owner, sendNotification = false) => {
  const started = await call<{ generationId: string }>(
    'POST',
    `/campaigns/${owner.campaignId}/generate`,
    { token: owner.token, body: { platform: 'twitter', sendNotification } },
  );
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const generation = await finishedGeneration(owner, started.body.generationId);
  expect(generation.status).toBe('succeeded');
  return generation;
};

const post = async (owner: Owner, contentId: string): Promise<GeneratedContent> => {
  const listed = await call<ContentList>('GET', `/campaigns/${owner.campaignId}/content`, {
    token: owner.token,
  });
  const found = listed.body.data.find((item) => item._id === contentId);
  if (!found) throw new Error(`post ${contentId} is not listed`);
  return found;
};

/**
 * The identity's throughput spent for the next ~9 s: longer than a text may wait for it, so the
 * texts sent meanwhile wait on the text-later queue.
 */
const spendTextingLimit = async (table: Awaited<ReturnType<typeof useSandboxTable>>) => {
  const { TEXT_WAIT_MS } = await import('#functions/integrations/sms/provider');
  const headroomMs = 19 * 50; // 20 a second, burst 20: all but one text's worth
  await table.rateBuckets
    .update({ rule: 'throughput:sms-texts', subject: '0' })
    .set({
      fullAt: Date.now() + headroomMs + TEXT_WAIT_MS + 1_200,
      expiresAt: Math.floor(Date.now() / 1000) + 120,
    })
    .go();
};

/** A text to Sailpost from `from`, as the sandbox phone sends it: the job's outcome. */
const reply = async (from: string, body: string): Promise<JobOutcome<ReplyResult>> => {
  const response = await fetch(`${apiUrl()}/_sandbox/api/sms/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from, body }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { outcome: JobOutcome<ReplyResult> }).outcome;
};

/** The reply's answer, which must also be the newest text the phone got. */
const answered = async (owner: Owner, body: string): Promise<string> => {
  const outcome = await reply(owner.phone, body);
  expect(outcome.status, JSON.stringify(outcome)).toBe('done');
  const answer = outcome.result?.answer;
  expect(typeof answer).toBe('string');
  const [newest] = await inbox(owner.phone);
  expect(newest?.text).toBe(answer);
  return answer!;
};

const SLOT = /goes out \w{3}, \w{3} \d{1,2} at 9:00 AM, New York time/;

describe('replying to a text', () => {
  let table: Awaited<ReturnType<typeof useSandboxTable>>;
  let alice: Owner;
  let bob: Owner;

  /** A digest naming these posts, texted now (or `hoursAgo`): the owner's newest. */
  const seedDigest = async (owner: Owner, contentIds: string[], hoursAgo = 0) => {
    const at = new Date(Date.now() - hoursAgo * 60 * 60 * 1000).toISOString();
    await table.smsDigests
      .create({
        userId: owner.account.user._id,
        digestId: newTimeOrderedId(),
        phone: owner.phone,
        items: contentIds.map((contentId, index) => ({
          number: index + 1,
          companyId: owner.companyId,
          campaignId: owner.campaignId,
          contentId,
        })),
        createdAt: at,
        sentAt: at,
        expiresAt: Math.floor(Date.now() / 1000) + 7 * 86_400,
      })
      .go();
  };

  beforeAll(async () => {
    table = await useSandboxTable();
    [alice, bob] = await Promise.all([newOwner(), newOwner()]);
  });

  it('1 YES approves the texted draft into its slot, recorded via sms, and says when it goes out', async () => {
    const generation = await draft(alice, true);
    expect(generation.notification).toBe('sent');
    const answer = await answered(alice, '1 YES');
    expect(answer).toMatch(new RegExp(`^Approved 1 post: it ${SLOT.source}\\.$`));
    const approved = await post(alice, generation.contentId!);
    expect(approved).toMatchObject({ status: 'scheduled' });
    expect(approved.modificationHistory.at(-1)).toMatchObject({ status: 'approved', via: 'sms' });
    // Answered again: already reviewed, nothing changes.
    expect(await answered(alice, '1 yes')).toBe(
      'Post 1 was already reviewed (or removed), so nothing changed.',
    );
  });

  it('YES approves every draft of the newest text; a redelivered reply acts once', async () => {
    const [first, second] = [await draft(alice), await draft(alice)];
    await seedDigest(alice, [first!.contentId!, second!.contentId!]);
    const answer = await answered(alice, 'Yes!');
    expect(answer).toMatch(new RegExp(`^Approved 2 posts: 1 ${SLOT.source}; 2 ${SLOT.source}\\.$`));
    for (const id of [first!.contentId!, second!.contentId!]) {
      expect(await post(alice, id)).toMatchObject({ status: 'scheduled' });
    }
    const event = {
      originationNumber: alice.phone,
      messageBody: 'YES',
      inboundMessageId: `redelivered-${newTimeOrderedId()}`,
    };
    expect((await runJob('sms-inbound', event)).status).toBe('done');
    expect(
      await runJob('sms-inbound', { Records: [{ Sns: { Message: JSON.stringify(event) } }] }),
    ).toEqual({
      status: 'duplicate',
    });
  });

  it('1 NO rejects; 1 <changes> asks the AI, whose new version is texted as a new text', async () => {
    const [rejected, revised] = [await draft(alice), await draft(alice)];
    await seedDigest(alice, [rejected!.contentId!]);
    expect(await answered(alice, ' 1  no ')).toBe('Rejected 1.');
    expect(await post(alice, rejected!.contentId!)).toMatchObject({ status: 'rejected' });
    expect((await post(alice, rejected!.contentId!)).modificationHistory.at(-1)).toMatchObject({
      status: 'rejected',
      via: 'sms',
    });

    await seedDigest(alice, [revised!.contentId!]);
    expect(await answered(alice, '1 make it shorter')).toBe(
      'Asked the AI to revise 1; the new version will follow.',
    );
    await jobsSettled();
    const after = await post(alice, revised!.contentId!);
    expect(after).toMatchObject({ status: 'draft', version: 2 });
    expect(after.modificationHistory).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: 'modify', comment: 'make it shorter', via: 'sms' }),
      ]),
    );
    const [newVersion] = await inbox(alice.phone);
    expect(newVersion!.text).toContain('the AI revised your X (Twitter) post');
    expect(newVersion!.text).toContain('Reply 1 YES');
    // The new version's text is the one a reply now answers.
    expect(await answered(alice, '1yes')).toMatch(/^Approved 1 post/);
    expect(await post(alice, revised!.contentId!)).toMatchObject({
      status: 'scheduled',
      version: 2,
    });
  });

  it('RETRY puts a failed post back in a slot under a new attempt; SKIP gives one up', async () => {
    const [retried, skipped] = [await draft(bob), await draft(bob)];
    for (const generation of [retried!, skipped!]) {
      await table.content
        .patch({
          companyId: bob.companyId,
          campaignId: bob.campaignId,
          contentId: generation.contentId!,
        })
        .set({ status: 'failed', publishError: 'X was down.', publishAttempt: 3 })
        .go();
    }
    await seedDigest(bob, [retried!.contentId!, skipped!.contentId!]);
    expect(await answered(bob, 'RETRY 1')).toMatch(
      new RegExp(`^Retrying 1: it ${SLOT.source}\\.$`),
    );
    const { data: stored } = await table.content
      .get({ companyId: bob.companyId, campaignId: bob.campaignId, contentId: retried!.contentId! })
      .go();
    expect(stored).toMatchObject({ status: 'scheduled', publishAttempt: 4 });
    expect(stored!.publishError).toBeUndefined();
    expect(stored!.modificationHistory.at(-1)).toMatchObject({ status: 'approved', via: 'sms' });

    expect(await answered(bob, 'skip 2')).toBe('Skipped 2: it will not be published.');
    expect(await post(bob, skipped!.contentId!)).toMatchObject({ status: 'rejected' });
    expect(await answered(bob, 'RETRY 2')).toMatch(/^Post 2 has not failed/);
    expect(await answered(bob, '3 YES')).toMatch(/has no post 3/);
  });

  it('a text older than 48 hours has expired: nothing changes, and the answer links the app', async () => {
    const generation = await draft(bob);
    await seedDigest(bob, [generation.contentId!], 49);
    const answer = await answered(bob, '1 YES');
    expect(answer).toContain('that text has expired');
    expect(answer).toContain(`/campaigns/${bob.campaignId}#content`);
    expect(await post(bob, generation.contentId!)).toMatchObject({ status: 'draft' });
  });

  it('a number that is not an account’s verified phone is ignored and answered nothing', async () => {
    const stranger = uniqueIdentity().phoneNumber;
    expect(await reply(stranger, 'YES')).toEqual({
      status: 'done',
      result: { outcome: 'ignored' },
    });
    expect(await inbox(`+1${stranger.replace(/\D/g, '')}`)).toEqual([]);

    const unverified = await newOwner({ verified: false });
    const before = await inbox(unverified.phone);
    for (const body of ['YES', 'HELP', 'STOP']) {
      expect(await reply(unverified.phone, body)).toEqual({
        status: 'done',
        result: { outcome: 'ignored' },
      });
    }
    expect(await inbox(unverified.phone)).toEqual(before);
  });

  it('HELP and anything not understood are answered with how to reply', async () => {
    expect(await answered(bob, 'help')).toMatch(/^Sailpost: reply YES to approve/);
    const answer = await answered(bob, 'ok');
    expect(answer).toMatch(/^Sorry, that reply was not understood/);
    expect(answer).toContain('RETRY 2 or SKIP 2');
  });

  it('a number is digits only: -1 YES and 1e3 YES act on nothing and say how to reply', async () => {
    const dana = await newOwner();
    const generation = await draft(dana);
    await seedDigest(dana, [generation.contentId!]);
    for (const body of ['-1 YES', '1e3 YES']) {
      const answer = await answered(dana, body);
      expect(answer, body).toMatch(/^Sorry, that reply was not understood/);
      expect(answer, body).toContain('(e.g. 2 YES, 2 NO, 2 make it shorter)');
    }
    await jobsSettled();
    const untouched = await post(dana, generation.contentId!);
    expect(untouched).toMatchObject({ status: 'draft', version: 1 });
    expect(untouched.modificationHistory.filter((entry) => entry.via === 'sms')).toEqual([]);
  });

  it('control characters are taken out before a reply is read: \\u0000YES approves, feedback loses them', async () => {
    const erin = await newOwner();
    const [approved, revised] = [await draft(erin), await draft(erin)];
    await seedDigest(erin, [approved!.contentId!]);
    expect(await answered(erin, '\u0000YES')).toMatch(
      new RegExp(`^Approved 1 post: it ${SLOT.source}\\.$`),
    );
    expect(await post(erin, approved!.contentId!)).toMatchObject({ status: 'scheduled' });

    await seedDigest(erin, [revised!.contentId!]);
    expect(await answered(erin, '1 make it\u0007 shorter')).toBe(
      'Asked the AI to revise 1; the new version will follow.',
    );
    await jobsSettled();
    expect((await post(erin, revised!.contentId!)).modificationHistory).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: 'modify', comment: 'make it shorter', via: 'sms' }),
      ]),
    );
  });

  it('STOP silences the draft texts until START', async () => {
    const carol = await newOwner();
    expect(await answered(carol, 'Stop')).toMatch(/you are unsubscribed/);
    const silent = await draft(carol, true);
    expect(silent.notification).toBe('opted-out');
    expect((await inbox(carol.phone))[0]!.text).toMatch(/you are unsubscribed/);

    expect(await answered(carol, 'START')).toMatch(/you are subscribed to texts again/);
    const texted = await draft(carol, true);
    expect(texted.notification).toBe('sent');
    expect((await inbox(carol.phone))[0]!.text).toContain('Reply 1 YES');
  });

  it('an answer over the texting limit waits for it and is texted later, once', async () => {
    const dave = await newOwner();
    const generation = await draft(dave, true);
    expect(generation.notification).toBe('sent');
    await spendTextingLimit(table);

    const outcome = await reply(dave.phone, '1 YES');
    expect(outcome.status, JSON.stringify(outcome)).toBe('done');
    const answer = outcome.result?.answer;
    expect(answer).toMatch(new RegExp(`^Approved 1 post: it ${SLOT.source}\\.$`));
    expect((await post(dave, generation.contentId!)).status).toBe('scheduled');
    // Not yet: the answer waits on the text-later queue for the limit's room.
    expect((await inbox(dave.phone))[0]!.text).toContain('Reply 1 YES');

    const answers = async () =>
      (await inbox(dave.phone)).filter((message) => message.text === answer).length;
    const deadline = Date.now() + 30_000;
    while ((await answers()) === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await jobsSettled();
    expect(await answers()).toBe(1);
    expect((await inbox(dave.phone))[0]!.text).toBe(answer);
  }, 60_000);

  it('a waiting answer is not sent once the owner has replied STOP; the STOP’s own answer is', async () => {
    const erin = await newOwner();
    const generation = await draft(erin, true);
    expect(generation.notification).toBe('sent');
    await spendTextingLimit(table);

    const approved = await reply(erin.phone, '1 YES');
    expect(approved.status, JSON.stringify(approved)).toBe('done');
    expect((await post(erin, generation.contentId!)).status).toBe('scheduled');
    const stopped = await reply(erin.phone, 'STOP');
    expect(stopped.result?.answer).toMatch(/you are unsubscribed/);

    // Both answers waited; once the limit has room, only the confirmation of STOP is texted.
    const deadline = Date.now() + 30_000;
    const latest = async () => (await inbox(erin.phone))[0]!.text;
    while (!/you are unsubscribed/.test(await latest()) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await jobsSettled();
    const texts = (await inbox(erin.phone)).map((message) => message.text);
    expect(texts[0]).toMatch(/you are unsubscribed/);
    expect(texts.filter((text) => text === approved.result?.answer)).toEqual([]);
    expect(texts.filter((text) => /you are unsubscribed/.test(text))).toHaveLength(1);
  }, 60_000);
});
