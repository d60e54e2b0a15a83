import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '#shared/domain/users';
import { bodiesSentTo, callKeys, mockFetch, type MockAnswer } from '#web/test/fetch-mock';
import { makeUser, seedSession } from '#web/test/fixtures';
import { renderScreen } from '#web/test/render';
import { makePost, makeThread, maya, sam, THREAD_ID, threadPage } from './forum-fixtures';
import { ThreadPage } from './thread-page';

const THREAD = `GET /api/forum/threads/${THREAD_ID}`;

/** Maya (u1) reads Sam's thread, as a founder unless told otherwise. */
const renderThread = (answers: Record<string, MockAnswer>, role: Role = 'founder') => {
  seedSession({ user: makeUser({ role }) });
  const fetchMock = mockFetch({
    'GET /api/forum/categories/simple': {
      body: [{ _id: 'cat1', name: 'Growth & Marketing', slug: 'growth-marketing' }],
    },
    ...answers,
  });
  renderScreen('/dashboard/forum/:categorySlug/:threadId', <ThreadPage />, {
    at: `/dashboard/forum/growth-marketing/${THREAD_ID}`,
  });
  return { fetchMock, user: userEvent.setup() };
};

const opening = () => screen.findByRole('article', { name: 'Opening post by Sam Okafor' });
const inFuture = () => new Date(Date.now() + 10 * 60_000).toISOString();

describe('ThreadPage', () => {
  it('shows the opening post and the replies, oldest first, with author, time and votes', async () => {
    renderThread({
      [THREAD]: {
        body: threadPage(makeThread({ posts: 2 }), [
          makePost({ _id: 'p1', content: 'First!', userId: maya }),
          makePost({
            _id: 'p2',
            content: 'Second.',
            userId: sam,
            voteCount: 4,
            createdAt: '2026-11-21T10:00:00.000Z',
          }),
        ]),
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'How often do you post on X?' }),
    ).toBeInTheDocument();
    const post = await opening();
    expect(within(post).getByText('twice a day').tagName).toBe('STRONG');
    expect(within(post).getByRole('link', { name: 'my notes' })).toHaveAttribute(
      'rel',
      'nofollow ugc noopener',
    );
    expect(within(post).getByText('3 votes')).toBeInTheDocument();
    const replies = screen.getAllByRole('article', { name: /^Reply by/ });
    expect(replies.map((reply) => reply.getAttribute('aria-label'))).toEqual([
      'Reply by Maya Lopez',
      'Reply by Sam Okafor',
    ]);
    expect(within(replies[1]!).getByRole('time')).toHaveAttribute(
      'dateTime',
      '2026-11-21T10:00:00.000Z',
    );
    expect(within(replies[1]!).getByText('4 votes')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '2 Replies' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Growth & Marketing' })).toHaveAttribute(
      'href',
      '/dashboard/forum/growth-marketing',
    );
  });

  it('has no vote buttons on one’s own post, and votes on the others', async () => {
    const { fetchMock, user } = renderThread({
      [THREAD]: { body: threadPage(makeThread(), [makePost({ userId: maya })]) },
      'POST /api/forum/votes': { body: { voteCount: 4, myVote: 'up' } },
    });
    const mine = await screen.findByRole('article', { name: 'Reply by Maya Lopez' });
    expect(within(mine).queryByRole('button', { name: /Vote/ })).toBeNull();
    const post = await opening();
    await user.click(within(post).getByRole('button', { name: 'Vote up' }));
    expect(await within(post).findByText('4 votes')).toBeInTheDocument();
    expect(within(post).getByRole('button', { name: 'Vote up' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(bodiesSentTo(fetchMock, 'POST /api/forum/votes')).toEqual([
      { type: 'up', threadId: THREAD_ID },
    ]);
  });

  it("shows a refused vote's message beside the item", async () => {
    const { user } = renderThread({
      [THREAD]: { body: threadPage(makeThread(), [makePost({ userId: sam })]) },
      'POST /api/forum/votes': {
        status: 404,
        body: {
          statusCode: 404,
          code: 'FORUM_POST_NOT_FOUND',
          message: 'Post not found',
          error: 'Not Found',
        },
      },
    });
    const reply = await screen.findByRole('article', { name: 'Reply by Sam Okafor' });
    await user.click(within(reply).getByRole('button', { name: 'Vote down' }));
    expect(await within(reply).findByRole('alert')).toHaveTextContent('Post not found');
    expect(within(await opening()).queryByRole('alert')).toBeNull();
  });

  it('replies: the reply is sent with the thread and shows at the end', async () => {
    const { fetchMock, user } = renderThread({
      [THREAD]: { body: threadPage(makeThread(), [makePost()]) },
      'POST /api/forum/posts': {
        status: 201,
        body: makePost({ _id: 'p9', content: 'Thanks, _very_ useful.' }),
      },
    });
    await user.type(await screen.findByLabelText('Your reply'), 'Thanks, _very_ useful.');
    await user.click(screen.getByRole('button', { name: 'Post Reply' }));
    expect(await screen.findByText('very')).toBeInTheDocument();
    const replies = screen.getAllByRole('article', { name: /^Reply by/ });
    expect(replies).toHaveLength(2);
    expect(replies[1]).toHaveTextContent('Thanks, very useful.');
    expect(bodiesSentTo(fetchMock, 'POST /api/forum/posts')).toEqual([
      { threadId: THREAD_ID, content: 'Thanks, _very_ useful.' },
    ]);
    expect(screen.getByLabelText('Your reply')).toHaveValue('');
    expect(screen.getByRole('heading', { name: '2 Replies' })).toBeInTheDocument();
  });

  it('shows the lock when a reply finds the thread closed since it was read', async () => {
    let reads = 0;
    const { user } = renderThread({
      [THREAD]: async () =>
        Response.json(threadPage(makeThread({ status: reads++ === 0 ? 'open' : 'closed' }))),
      'POST /api/forum/posts': {
        status: 409,
        body: {
          statusCode: 409,
          code: 'FORUM_THREAD_CLOSED',
          message: 'This thread is closed',
          error: 'Conflict',
        },
      },
    });
    await user.type(await screen.findByLabelText('Your reply'), 'Too late?');
    await user.click(screen.getByRole('button', { name: 'Post Reply' }));
    expect(
      await screen.findByRole('heading', { name: 'This thread is closed' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Your reply')).toBeNull();
  });

  it('refuses an empty reply without sending it', async () => {
    const { fetchMock, user } = renderThread({ [THREAD]: { body: threadPage() } });
    await user.click(await screen.findByRole('button', { name: 'Post Reply' }));
    expect(await screen.findByText('Reply is required')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/forum/posts')).toEqual([]);
  });

  it('shows a lock and no reply form on a closed thread', async () => {
    renderThread({ [THREAD]: { body: threadPage(makeThread({ status: 'closed' })) } });
    expect(
      await screen.findByRole('heading', { name: 'This thread is closed' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Closed')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your reply')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Post Reply' })).toBeNull();
  });

  it('offers close, pin and hide to an admin only', async () => {
    renderThread({ [THREAD]: { body: threadPage() } });
    await opening();
    for (const name of ['Close thread', 'Pin', 'Hide thread', 'Hide']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('lets an admin close the thread: the lock replaces the reply form', async () => {
    const { fetchMock, user } = renderThread(
      {
        [THREAD]: { body: threadPage() },
        [`PUT /api/forum/threads/${THREAD_ID}/close`]: { body: makeThread({ status: 'closed' }) },
      },
      'admin',
    );
    await user.click(await screen.findByRole('button', { name: 'Close thread' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Close this thread?' });
    await user.click(within(dialog).getByRole('button', { name: 'Close thread' }));
    expect(
      await screen.findByRole('heading', { name: 'This thread is closed' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Your reply')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close thread' })).toBeNull();
    expect(callKeys(fetchMock)).toContain(`PUT /api/forum/threads/${THREAD_ID}/close`);
  });

  it('lets an admin pin the thread and hide a reply', async () => {
    const { fetchMock, user } = renderThread(
      {
        [THREAD]: { body: threadPage() },
        [`PUT /api/forum/threads/${THREAD_ID}/pin`]: { body: makeThread({ pinned: true }) },
        [`PUT /api/forum/threads/${THREAD_ID}/posts/p1/hide`]: { body: makePost({ hidden: true }) },
      },
      'admin',
    );
    await user.click(await screen.findByRole('button', { name: 'Pin' }));
    expect(await screen.findByRole('button', { name: 'Unpin' })).toBeInTheDocument();
    expect(screen.getByText('Pinned')).toBeInTheDocument();
    const reply = screen.getByRole('article', { name: 'Reply by Maya Lopez' });
    await user.click(within(reply).getByRole('button', { name: 'Hide' }));
    expect(await within(reply).findByText('Hidden')).toBeInTheDocument();
    expect(within(reply).getByRole('button', { name: 'Show' })).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, `PUT /api/forum/threads/${THREAD_ID}/pin`)).toEqual([
      { pinned: true },
    ]);
    expect(bodiesSentTo(fetchMock, `PUT /api/forum/threads/${THREAD_ID}/posts/p1/hide`)).toEqual([
      { hidden: true },
    ]);
  });

  it('lets the author edit a reply within the window; it then reads "edited"', async () => {
    const { fetchMock, user } = renderThread({
      [THREAD]: { body: threadPage(makeThread(), [makePost({ editableUntil: inFuture() })]) },
      [`PUT /api/forum/threads/${THREAD_ID}/posts/p1`]: {
        body: makePost({ content: 'Twice a day now.', edited: true, editableUntil: inFuture() }),
      },
    });
    const reply = await screen.findByRole('article', { name: 'Reply by Maya Lopez' });
    await user.click(within(reply).getByRole('button', { name: 'Edit' }));
    const box = within(reply).getByLabelText('Your post');
    await user.clear(box);
    await user.type(box, 'Twice a day now.');
    await user.click(within(reply).getByRole('button', { name: 'Save' }));
    expect(await within(reply).findByText('Twice a day now.')).toBeInTheDocument();
    expect(within(reply).getByText(/edited/)).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, `PUT /api/forum/threads/${THREAD_ID}/posts/p1`)).toEqual([
      { content: 'Twice a day now.' },
    ]);
  });

  it("lets the author edit the thread's title and opening post", async () => {
    const mine = { userId: maya, editableUntil: inFuture() };
    const { fetchMock, user } = renderThread({
      [THREAD]: { body: threadPage(makeThread(mine), []) },
      [`PUT /api/forum/threads/${THREAD_ID}`]: {
        body: makeThread({
          ...mine,
          title: 'How often on X and LinkedIn?',
          content: 'Daily.',
          edited: true,
        }),
      },
    });
    const post = await screen.findByRole('article', { name: 'Opening post by Maya Lopez' });
    await user.click(within(post).getByRole('button', { name: 'Edit' }));
    await user.clear(within(post).getByLabelText('Title'));
    await user.type(within(post).getByLabelText('Title'), 'How often on X and LinkedIn?');
    await user.clear(within(post).getByLabelText('Your post'));
    await user.type(within(post).getByLabelText('Your post'), 'Daily.');
    await user.click(within(post).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'How often on X and LinkedIn?' }),
    ).toBeInTheDocument();
    expect(within(post).getByText(/edited/)).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, `PUT /api/forum/threads/${THREAD_ID}`)).toEqual([
      { content: 'Daily.', title: 'How often on X and LinkedIn?' },
    ]);
  });

  it('offers no edit once the window has passed, and none on posts of others', async () => {
    renderThread({
      [THREAD]: {
        body: threadPage(makeThread({ editableUntil: null }), [
          makePost({ editableUntil: new Date(Date.now() - 1000).toISOString() }),
        ]),
      },
    });
    await screen.findByRole('article', { name: 'Reply by Maya Lopez' });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    // Her own reply can still be deleted; Sam's opening post cannot by her.
    expect(within(await opening()).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('deletes the author’s reply after asking: it reads "Deleted by its author"', async () => {
    const { user } = renderThread({
      [THREAD]: { body: threadPage() },
      [`DELETE /api/forum/threads/${THREAD_ID}/posts/p1`]: {
        body: makePost({ content: 'Deleted by its author', deleted: true }),
      },
    });
    const reply = await screen.findByRole('article', { name: 'Reply by Maya Lopez' });
    await user.click(within(reply).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete your post?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await within(reply).findByText('Deleted by its author')).toBeInTheDocument();
    expect(within(reply).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('reads the next replies with the cursor the page before answered', async () => {
    const { user } = renderThread({
      [THREAD]: async (url) =>
        Response.json(
          url.searchParams.get('cursor') === 'more'
            ? threadPage(makeThread(), [makePost({ _id: 'p2', content: 'Later reply' })], null)
            : threadPage(makeThread(), [makePost()], 'more'),
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Show more replies' }));
    expect(await screen.findByText('Later reply')).toBeInTheDocument();
    expect(screen.getByText('Once a day works for us.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more replies' })).toBeNull();
  });

  it("says 'Failed to load thread' with the server's message", async () => {
    renderThread({
      [THREAD]: {
        status: 404,
        body: {
          statusCode: 404,
          code: 'FORUM_THREAD_NOT_FOUND',
          message: 'Thread not found',
          error: 'Not Found',
        },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load thread');
    expect(alert).toHaveTextContent('Thread not found');
  });
});
