import { describe, expect, it } from 'vitest';
import type { User } from '#shared/contract/users';
import { member, newCategory, newThread, reply } from './forum-support';
import { call, inbox, jobsSettled } from './http';

const forumEmails = async (to: string) =>
  (await inbox(to)).filter((message) => message.subject?.startsWith('New reply in'));

describe('reply emails', () => {
  it('emails the thread’s author and earlier repliers, not the replier, once an hour per thread', async () => {
    const [author, first, second] = await Promise.all([
      member('founder'),
      member('founder'),
      member('admin'),
    ]);
    const category = await newCategory(author);
    const thread = await newThread(author, category._id, 'Oat milk or almond?');

    await reply(first, thread._id, 'Oat, **by far**.');
    await jobsSettled();
    const [toAuthor] = await forumEmails(author.email);
    expect(toAuthor).toBeDefined();
    expect(toAuthor!.subject).toBe('New reply in “Oat milk or almond?”');
    expect(toAuthor!.text).toContain(`/dashboard/forum/${category.slug}/${thread._id}`);
    expect(toAuthor!.text).toContain('Oat, **by far**.');
    expect(await forumEmails(first.email)).toEqual([]);

    await reply(second, thread._id, 'Almond for the lattes.');
    await jobsSettled();
    // The first replier hears of the second reply; the author already had this hour's email.
    expect(await forumEmails(first.email)).toHaveLength(1);
    expect(await forumEmails(author.email)).toHaveLength(1);
    expect(await forumEmails(second.email)).toEqual([]);
  });

  it('sends none to someone who turned "Email me about forum replies" off', async () => {
    const [author, replier] = await Promise.all([member('founder'), member('founder')]);
    const me = await call<User>('GET', '/auth/me', { token: author.token });
    expect(me.body.forumReplyEmails).toBe(true);
    const off = await call<User>('PUT', `/users/${author.userId}`, {
      token: author.token,
      body: { forumReplyEmails: false },
    });
    expect(off.body.forumReplyEmails).toBe(false);

    const thread = await newThread(author, (await newCategory(author))._id);
    await reply(replier, thread._id);
    await jobsSettled();
    expect(await forumEmails(author.email)).toEqual([]);
  });
});
