import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, mockFetch, type MockAnswer } from '#web/test/fetch-mock';
import { makeUser, seedSession } from '#web/test/fixtures';
import { PathProbe, renderScreen } from '#web/test/render';
import { CategoryPage } from './category-page';
import { makeCategory, makeThread, makeThreadSummary, THREAD_ID } from './forum-fixtures';

const CATEGORY = 'GET /api/forum/categories/growth-marketing';

const renderCategory = (answers: Record<string, MockAnswer>) => {
  seedSession({ user: makeUser({ role: 'founder' }) });
  const fetchMock = mockFetch({
    'GET /api/forum/categories/simple': {
      body: [
        { _id: 'cat1', name: 'Growth & Marketing', slug: 'growth-marketing' },
        { _id: 'cat2', name: 'Product ideas', slug: 'product-ideas' },
      ],
    },
    ...answers,
  });
  renderScreen('/dashboard/forum/:categorySlug', <CategoryPage />, {
    at: '/dashboard/forum/growth-marketing',
    routes: [
      { path: '/dashboard/forum/:categorySlug/:threadId', element: <PathProbe name="thread" /> },
    ],
  });
  return { fetchMock, user: userEvent.setup() };
};

const threads = [
  makeThreadSummary({ _id: 't1', title: 'Read this first', pinned: true, posts: 0, voteCount: 9 }),
  makeThreadSummary({
    _id: 't2',
    title: 'Old question',
    status: 'closed',
    posts: 5,
    voteCount: -1,
  }),
];

describe('CategoryPage', () => {
  it('lists its threads: title, author, replies, votes, a pin and a lock', async () => {
    renderCategory({
      [CATEGORY]: { body: { category: makeCategory(), data: threads, nextCursor: null } },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Growth & Marketing' }),
    ).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Threads' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Read this first');
    expect(within(rows[0]!).getByRole('img', { name: 'Pinned' })).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('img', { name: 'Closed' })).toBeNull();
    expect(rows[0]).toHaveTextContent('by Sam Okafor');
    expect(rows[0]).toHaveTextContent('0 replies');
    expect(rows[0]).toHaveTextContent('9 votes');
    expect(within(rows[1]!).getByRole('img', { name: 'Closed' })).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('img', { name: 'Pinned' })).toBeNull();
    expect(rows[1]).toHaveTextContent('5 replies');
    expect(rows[1]).toHaveTextContent('-1 votes');
    expect(within(rows[1]!).getByRole('link')).toHaveAttribute(
      'href',
      '/dashboard/forum/growth-marketing/t2',
    );
  });

  it('pages with the cursor the page before answered', async () => {
    const { fetchMock, user } = renderCategory({
      [CATEGORY]: async (url) =>
        Response.json(
          url.searchParams.get('cursor') === 'next-1'
            ? {
                category: makeCategory({ threads: 21 }),
                data: [makeThreadSummary({ _id: 't21', title: 'Page two' })],
                nextCursor: null,
              }
            : { category: makeCategory({ threads: 21 }), data: threads, nextCursor: 'next-1' },
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page two')).toBeInTheDocument();
    expect(screen.getByText('Showing 21–21 of 21')).toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls.some((url) => url.includes('cursor=next-1') && url.includes('limit=20'))).toBe(
      true,
    );
  });

  it("says 'Failed to load category' with the server's message", async () => {
    renderCategory({
      [CATEGORY]: {
        status: 404,
        body: {
          statusCode: 404,
          code: 'FORUM_CATEGORY_NOT_FOUND',
          message: 'Category not found',
          error: 'Not Found',
        },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load category');
    expect(alert).toHaveTextContent('Category not found');
    // A category that does not exist is not asked for again.
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it("says 'Invalid response format from server' when the answer does not parse", async () => {
    // The client's development check names the mismatch on the console; the screen says it too.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderCategory({ [CATEGORY]: { body: { category: null, threads: [] } } });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Failed to load category');
    expect(alert).toHaveTextContent('Invalid response format from server');
  });

  describe('New Thread', () => {
    const open = async (answers: Record<string, MockAnswer>) => {
      const rendered = renderCategory({
        [CATEGORY]: { body: { category: makeCategory(), data: threads, nextCursor: null } },
        ...answers,
      });
      await rendered.user.click(await screen.findByRole('button', { name: 'New Thread' }));
      const dialog = screen.getByRole('dialog', { name: 'New Thread' });
      // The picker offers GET /forum/categories/simple, this category chosen.
      await within(dialog).findByRole('option', { name: 'Product ideas' });
      return { ...rendered, dialog };
    };

    it('needs a title and content', async () => {
      const { dialog, user, fetchMock } = await open({});
      expect(within(dialog).getByLabelText('Category')).toHaveValue('cat1');
      await user.click(within(dialog).getByRole('button', { name: 'Create Thread' }));
      expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
      expect(within(dialog).getByText('Content is required')).toBeInTheDocument();
      expect(bodiesSentTo(fetchMock, 'POST /api/forum/threads')).toEqual([]);
    });

    it('creates the thread in the category chosen and opens it', async () => {
      const { dialog, user, fetchMock } = await open({
        'POST /api/forum/threads': {
          status: 201,
          body: makeThread({ categoryId: 'cat2', categorySlug: 'product-ideas' }),
        },
      });
      await user.type(within(dialog).getByLabelText('Title'), 'Dark mode?');
      await user.selectOptions(within(dialog).getByLabelText('Category'), 'cat2');
      await user.type(within(dialog).getByLabelText('Content'), 'Would you use it?');
      await user.click(within(dialog).getByRole('button', { name: 'Create Thread' }));
      expect(await screen.findByText('Screen: thread')).toBeInTheDocument();
      expect(window.location.pathname).toBe(`/dashboard/forum/product-ideas/${THREAD_ID}`);
      expect(bodiesSentTo(fetchMock, 'POST /api/forum/threads')).toEqual([
        { title: 'Dark mode?', categoryId: 'cat2', content: 'Would you use it?' },
      ]);
    });

    it("shows the server's messages joined by commas when it refuses", async () => {
      const { dialog, user } = await open({
        'POST /api/forum/threads': {
          status: 400,
          body: {
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            message: 'Validation failed',
            error: 'Bad Request',
            fields: {
              title: 'Title must not hold control characters',
              categoryId: 'Category not found',
            },
          },
        },
      });
      await user.type(within(dialog).getByLabelText('Title'), 'Hi');
      await user.type(within(dialog).getByLabelText('Content'), 'There');
      await user.click(within(dialog).getByRole('button', { name: 'Create Thread' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Title must not hold control characters, Category not found',
      );
    });

    it("says 'Failed to create thread' when the server gave no message", async () => {
      const { dialog, user } = await open({ 'POST /api/forum/threads': { status: 502 } });
      await user.type(within(dialog).getByLabelText('Title'), 'Hi');
      await user.type(within(dialog).getByLabelText('Content'), 'There');
      await user.click(within(dialog).getByRole('button', { name: 'Create Thread' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to create thread');
    });
  });
});
