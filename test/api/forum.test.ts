import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  ForumCategory,
  ForumCategoryChoice,
  ForumCategoryPage,
  ForumPost,
  ForumThread,
  ForumThreadSummary,
} from '#shared/contract/forum';
import { forumRoutes } from '#shared/contract/forum';
import { fillPath, routeKeyOf } from '#shared/contract/route';
import { FORUM_DELETED_TEXT, FORUM_POST_MAX, FORUM_TITLE_MAX } from '#shared/domain/forum';
import { backdateForumItem } from './db';
import {
  member,
  newCategory,
  newThread,
  readThread,
  reply,
  uniqueName,
  type Member,
} from './forum-support';
import { call } from './http';
import { SAMPLE_BODIES } from './sweeps/fixtures';

let admin: Member;
let founder: Member;
let otherFounder: Member;
let category: ForumCategory;

beforeAll(async () => {
  [admin, otherFounder] = await Promise.all([member('admin'), member('founder')]);
  category = await newCategory(otherFounder);
});

// A founder of their own for each test: what one person may write a day is limited.
beforeEach(async () => {
  founder = await member('founder');
});

describe('who may use the forum', () => {
  it('answers an ordinary user (and staff) 404 on every forum route, as a route that does not exist', async () => {
    const thread = await newThread(founder, category._id);
    const post = await reply(otherFounder, thread._id);
    const ids = { slug: category.slug, id: thread._id, threadId: thread._id, postId: post._id };
    for (const role of ['user', 'staff'] as const) {
      const outsider = await member(role);
      for (const route of Object.values(forumRoutes)) {
        const path = fillPath(route.path as '/x', ids as never);
        const body = 'body' in route ? SAMPLE_BODIES[routeKeyOf(route)] : undefined;
        const answer = await call(route.method, path, { token: outsider.token, body });
        expect(answer.status, `${role}: ${routeKeyOf(route)}`).toBe(404);
        expect(answer.body).toMatchObject({ code: 'NOT_FOUND', message: 'Not Found' });
      }
    }
    // Nothing they sent was written.
    const page = await readThread(founder, thread._id);
    expect(page.body.data.map((p) => p._id)).toEqual([post._id]);
    expect(page.body.thread.voteCount).toBe(0);
  });

  it('lets a founder create categories, and refuses a founder closing a thread while an admin may', async () => {
    const thread = await newThread(founder, category._id);
    const byFounder = await call('PUT', `/forum/threads/${thread._id}/close`, {
      token: otherFounder.token,
    });
    expect(byFounder.status).toBe(403);
    expect(byFounder.body).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only an admin can close a thread',
    });
    for (const [path, body] of [
      [`/forum/threads/${thread._id}/hide`, { hidden: true }],
      [`/forum/threads/${thread._id}/pin`, { pinned: true }],
    ] as const) {
      expect((await call('PUT', path, { token: founder.token, body })).status).toBe(403);
    }

    const byAdmin = await call<ForumThread>('PUT', `/forum/threads/${thread._id}/close`, {
      token: admin.token,
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.status).toBe('closed');
  });
});

describe('categories', () => {
  it('derives the slug from the name and lists categories in their order with counts', async () => {
    const suffix = uniqueName('x').split(' ')[1]!;
    const created = await call<ForumCategory>('POST', '/forum/categories', {
      token: admin.token,
      body: { name: `Growth & Marketing! ${suffix}`, description: 'Getting found', order: 0 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      slug: `growth-marketing-${suffix}`,
      threads: 0,
      lastActivityAt: null,
    });
    await newThread(founder, created.body._id);

    const list = await call<ForumCategory[]>('GET', '/forum/categories', { token: founder.token });
    const mine = list.body.find((c) => c._id === created.body._id)!;
    expect(mine.threads).toBe(1);
    expect(mine.lastActivityAt).not.toBeNull();
    const orders = list.body.map((c) => c.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));

    const choices = await call<ForumCategoryChoice[]>('GET', '/forum/categories/simple', {
      token: founder.token,
    });
    expect(choices.body).toContainEqual({
      _id: created.body._id,
      name: created.body.name,
      slug: created.body.slug,
    });
  });

  it('gives a slug to exactly one of two categories created at once with it', async () => {
    const name = uniqueName('Espresso');
    const [one, two] = await Promise.all([
      call('POST', '/forum/categories', {
        token: founder.token,
        body: { name, description: 'Shots', order: 2 },
      }),
      call('POST', '/forum/categories', {
        token: admin.token,
        body: { name: `${name.toUpperCase()}!`, description: 'Also shots', order: 3 },
      }),
    ]);
    expect([one.status, two.status].sort()).toEqual([201, 409]);
    const refused = one.status === 409 ? one : two;
    expect(refused.body.code).toBe('FORUM_SLUG_TAKEN');
    const list = await call<ForumCategory[]>('GET', '/forum/categories', { token: founder.token });
    const slug = name.toLowerCase().replace(' ', '-');
    expect(list.body.filter((c) => c.slug === slug)).toHaveLength(1);
  });

  it('refuses a slug that is not the one the name gives, and a name without letters', async () => {
    const wrong = await call('POST', '/forum/categories', {
      token: founder.token,
      body: { name: 'Latte Art', slug: 'coffee', description: 'Hearts', order: 1 },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ slug: 'Slug must be "latte-art", as the name gives' });
    const punctuation = await call('POST', '/forum/categories', {
      token: founder.token,
      body: { name: '!!!', description: 'Loud', order: 1 },
    });
    expect(punctuation.body.fields).toEqual({
      name: 'Category name must contain a letter or a digit',
    });
  });

  it('answers a category that does not exist 404', async () => {
    const missing = await call('GET', '/forum/categories/no-such-category-here', {
      token: founder.token,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('FORUM_CATEGORY_NOT_FOUND');
  });
});

describe('validation', () => {
  const fieldsOf = async (path: string, body: unknown) => {
    const answer = await call('POST', path, { token: founder.token, body });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION_FAILED');
    return answer.body.fields;
  };

  it('words each refusal as the spec does', async () => {
    expect(await fieldsOf('/forum/threads', { categoryId: category._id })).toEqual({
      title: 'Title is required',
      content: 'Content is required',
    });
    expect(
      await fieldsOf('/forum/threads', {
        title: 'x'.repeat(FORUM_TITLE_MAX + 1),
        content: 'y'.repeat(FORUM_POST_MAX + 1),
        categoryId: category._id,
      }),
    ).toEqual({
      title: `Title must be at most ${FORUM_TITLE_MAX} characters`,
      content: `Content must be at most ${FORUM_POST_MAX} characters`,
    });
    expect(
      await fieldsOf('/forum/threads', {
        title: 'Pay\u202Eday',
        content: 'Hidden\u0000text',
        categoryId: category._id,
      }),
    ).toEqual({
      title: 'Title must not contain control characters or text-direction marks',
      content: 'Content must not contain control characters or text-direction marks',
    });
    const thread = await newThread(founder, category._id);
    expect(await fieldsOf('/forum/posts', { content: '   ', threadId: thread._id })).toEqual({
      content: 'Reply is required',
    });
    expect(await fieldsOf('/forum/categories', { order: -1 })).toEqual({
      name: 'Category name is required',
      description: 'Category description is required',
      order: 'Order must be at least 0',
    });
  });

  it('takes a post of exactly the longest length, Markdown and lines kept as written', async () => {
    const content = `# Heading\n\n${'a'.repeat(FORUM_POST_MAX - 11)}`;
    expect(content).toHaveLength(FORUM_POST_MAX);
    const thread = await newThread(founder, category._id);
    const written = await reply(otherFounder, thread._id, content);
    expect(written.content).toBe(content);
  });
});

describe('replies', () => {
  it('lists the opening post and replies oldest first, paged, and counts them', async () => {
    const thread = await newThread(founder, category._id);
    const first = await reply(otherFounder, thread._id, 'First');
    const second = await reply(founder, thread._id, 'Second');
    const third = await reply(otherFounder, thread._id, 'Third');
    const page1 = await call<{ data: ForumPost[]; nextCursor: string | null; thread: ForumThread }>(
      'GET',
      `/forum/threads/${thread._id}?limit=2`,
      { token: founder.token },
    );
    expect(page1.body.thread).toMatchObject({ content: thread.content, posts: 3 });
    expect(page1.body.data.map((p) => p._id)).toEqual([first._id, second._id]);
    const page2 = await call<{ data: ForumPost[]; nextCursor: string | null }>(
      'GET',
      `/forum/threads/${thread._id}?limit=2&cursor=${page1.body.nextCursor}`,
      { token: founder.token },
    );
    expect(page2.body.data.map((p) => p._id)).toEqual([third._id]);
  });

  it('refuses replies once an admin closed the thread', async () => {
    const thread = await newThread(founder, category._id);
    await reply(otherFounder, thread._id);
    await call('PUT', `/forum/threads/${thread._id}/close`, { token: admin.token });
    const refused = await call('POST', '/forum/posts', {
      token: otherFounder.token,
      body: { content: 'One more thing', threadId: thread._id },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('FORUM_THREAD_CLOSED');
    expect((await readThread(founder, thread._id)).body.thread.posts).toBe(1);
  });
});

describe('editing and deleting', () => {
  it('lets the author edit within 15 minutes (marked edited), and no one else', async () => {
    const thread = await newThread(founder, category._id);
    const post = await reply(otherFounder, thread._id, 'Oat');
    expect(post.editableUntil).not.toBeNull();

    const edited = await call<ForumPost>('PUT', `/forum/threads/${thread._id}/posts/${post._id}`, {
      token: otherFounder.token,
      body: { content: 'Oat, by far' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ content: 'Oat, by far', edited: true });

    const byOther = await call('PUT', `/forum/threads/${thread._id}/posts/${post._id}`, {
      token: founder.token,
      body: { content: 'Almond' },
    });
    expect(byOther.status).toBe(403);
    expect(byOther.body.code).toBe('FORUM_NOT_AUTHOR');

    const threadEdit = await call<ForumThread>('PUT', `/forum/threads/${thread._id}`, {
      token: founder.token,
      body: { title: 'Oat or almond milk?' },
    });
    expect(threadEdit.body).toMatchObject({ title: 'Oat or almond milk?', edited: true });
  });

  it('refuses an edit after the window', async () => {
    const thread = await newThread(founder, category._id);
    const post = await reply(otherFounder, thread._id);
    const sixteenMinutesAgo = new Date(Date.now() - 16 * 60 * 1000).toISOString();
    await backdateForumItem({ threadId: thread._id, postId: post._id }, sixteenMinutesAgo);
    await backdateForumItem({ threadId: thread._id }, sixteenMinutesAgo);

    const late = await call('PUT', `/forum/threads/${thread._id}/posts/${post._id}`, {
      token: otherFounder.token,
      body: { content: 'Too late' },
    });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      code: 'FORUM_NOT_EDITABLE',
      message: 'Posts can only be edited within 15 minutes of writing them',
    });
    const lateThread = await call('PUT', `/forum/threads/${thread._id}`, {
      token: founder.token,
      body: { content: 'Too late' },
    });
    expect(lateThread.status).toBe(409);
    const page = await readThread(otherFounder, thread._id);
    expect(page.body.data[0]).toMatchObject({ editableUntil: null, edited: false });
  });

  it('replaces a deleted post’s text and keeps the replies', async () => {
    const thread = await newThread(founder, category._id);
    const mine = await reply(otherFounder, thread._id, 'A take I regret');
    const theirs = await reply(founder, thread._id, 'A fair answer');
    const byOther = await call('DELETE', `/forum/threads/${thread._id}/posts/${mine._id}`, {
      token: founder.token,
    });
    expect(byOther.status).toBe(403);

    const deleted = await call<ForumPost>(
      'DELETE',
      `/forum/threads/${thread._id}/posts/${mine._id}`,
      { token: otherFounder.token },
    );
    expect(deleted.body).toMatchObject({ content: FORUM_DELETED_TEXT, deleted: true });
    const opening = await call<ForumThread>('DELETE', `/forum/threads/${thread._id}`, {
      token: founder.token,
    });
    expect(opening.body).toMatchObject({ content: FORUM_DELETED_TEXT, deleted: true });

    const page = await readThread(otherFounder, thread._id);
    expect(page.body.thread.title).toBe(thread.title);
    expect(page.body.data.map((p) => [p._id, p.content])).toEqual([
      [mine._id, FORUM_DELETED_TEXT],
      [theirs._id, 'A fair answer'],
    ]);
  });
});

describe('hiding and pinning', () => {
  it('keeps a hidden reply from founders, and shows it to admins', async () => {
    const thread = await newThread(founder, category._id);
    const shown = await reply(otherFounder, thread._id, 'Fine');
    const hiddenReply = await reply(otherFounder, thread._id, 'Spam');
    const hidden = await call<ForumPost>(
      'PUT',
      `/forum/threads/${thread._id}/posts/${hiddenReply._id}/hide`,
      { token: admin.token, body: { hidden: true } },
    );
    expect(hidden.body.hidden).toBe(true);

    const seen = await readThread(founder, thread._id);
    expect(seen.body.data.map((p) => p._id)).toEqual([shown._id]);
    expect(seen.body.thread.posts).toBe(1);
    const direct = await call('POST', '/forum/votes', {
      token: founder.token,
      body: { type: 'up', threadId: thread._id, postId: hiddenReply._id },
    });
    expect(direct.status).toBe(404);
    expect(direct.body.code).toBe('FORUM_POST_NOT_FOUND');

    const adminView = await readThread(admin, thread._id);
    expect(adminView.body.data.map((p) => [p._id, p.hidden])).toEqual([
      [shown._id, false],
      [hiddenReply._id, true],
    ]);
  });

  it('keeps a hidden thread out of every founder read, and shows it to admins', async () => {
    const own = await newCategory(admin);
    const thread = await newThread(founder, own._id, 'Something hidden');
    await reply(otherFounder, thread._id);
    await call('POST', '/forum/votes', {
      token: otherFounder.token,
      body: { type: 'up', threadId: thread._id },
    });
    await call('PUT', `/forum/threads/${thread._id}/hide`, {
      token: admin.token,
      body: { hidden: true },
    });

    const direct = await call('GET', `/forum/threads/${thread._id}`, { token: founder.token });
    expect(direct.status).toBe(404);
    expect(direct.body.code).toBe('FORUM_THREAD_NOT_FOUND');
    const list = await call<ForumCategoryPage>('GET', `/forum/categories/${own.slug}`, {
      token: founder.token,
    });
    expect(list.body.data).toEqual([]);
    expect(list.body.category.threads).toBe(0);
    const top = await call<ForumThreadSummary[]>('GET', '/forum/threads/top', {
      token: founder.token,
    });
    expect(top.body.map((t) => t._id)).not.toContain(thread._id);
    const replying = await call('POST', '/forum/posts', {
      token: founder.token,
      body: { content: 'Still here?', threadId: thread._id },
    });
    expect(replying.status).toBe(404);

    const adminList = await call<ForumCategoryPage>('GET', `/forum/categories/${own.slug}`, {
      token: admin.token,
    });
    expect(adminList.body.data.map((t) => [t._id, t.hidden])).toEqual([[thread._id, true]]);
    expect((await call('GET', `/forum/threads/${thread._id}`, { token: admin.token })).status).toBe(
      200,
    );
  });

  it('counts a thread hidden by two admins at once out of its category once', async () => {
    const own = await newCategory(admin);
    const [secondAdmin] = await Promise.all([member('admin')]);
    const thread = await newThread(founder, own._id);
    await newThread(founder, own._id);
    const answers = await Promise.all(
      [admin, secondAdmin, admin, secondAdmin].map((who) =>
        call<ForumThread>('PUT', `/forum/threads/${thread._id}/hide`, {
          token: who.token,
          body: { hidden: true },
        }),
      ),
    );
    expect(answers.map((answer) => [answer.status, answer.body.hidden])).toEqual(
      answers.map(() => [200, true]),
    );
    const list = await call<ForumCategoryPage>('GET', `/forum/categories/${own.slug}`, {
      token: founder.token,
    });
    expect(list.body.category.threads).toBe(1);
  });

  it('lists a category’s threads pinned first, then by latest activity', async () => {
    const own = await newCategory(admin);
    const oldest = await newThread(founder, own._id, 'Oldest');
    const middle = await newThread(founder, own._id, 'Middle');
    const newest = await newThread(founder, own._id, 'Newest');
    await reply(otherFounder, middle._id);
    await call('PUT', `/forum/threads/${oldest._id}/pin`, {
      token: admin.token,
      body: { pinned: true },
    });
    const list = await call<ForumCategoryPage>('GET', `/forum/categories/${own.slug}`, {
      token: founder.token,
    });
    expect(list.body.data.map((t) => [t.title, t.pinned])).toEqual([
      ['Oldest', true],
      ['Middle', false],
      ['Newest', false],
    ]);
    expect(list.body.data[1]).toMatchObject({ posts: 1, _id: middle._id });
    expect(newest._id).toBe(list.body.data[2]!._id);

    const paged = await call<ForumCategoryPage>('GET', `/forum/categories/${own.slug}?limit=2`, {
      token: founder.token,
    });
    expect(paged.body.data).toHaveLength(2);
    const rest = await call<ForumCategoryPage>(
      'GET',
      `/forum/categories/${own.slug}?limit=2&cursor=${paged.body.nextCursor}`,
      { token: founder.token },
    );
    expect(rest.body.data.map((t) => t._id)).toEqual([newest._id]);
  });
});

describe('Top discussions', () => {
  it('lists the most-voted open threads first, and drops a closed one', async () => {
    const voters = await Promise.all([member('founder'), member('founder'), member('founder')]);
    const many = await newThread(founder, category._id, uniqueName('Most voted'));
    const closed = await newThread(founder, category._id, uniqueName('Closed'));
    for (const voter of voters) {
      for (const thread of [many, closed]) {
        await call('POST', '/forum/votes', {
          token: voter.token,
          body: { type: 'up', threadId: thread._id },
        });
      }
    }
    await call('PUT', `/forum/threads/${closed._id}/close`, { token: admin.token });
    const top = await call<ForumThreadSummary[]>('GET', '/forum/threads/top', {
      token: voters[0]!.token,
    });
    const ids = top.body.map((t) => t._id);
    expect(ids).toContain(many._id);
    expect(ids).not.toContain(closed._id);
    expect(top.body.find((t) => t._id === many._id)).toMatchObject({ voteCount: 3, myVote: 'up' });
    const counts = top.body.map((t) => t.voteCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });
});
