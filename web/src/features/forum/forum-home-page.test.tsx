import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, mockFetch, type MockAnswer } from '#web/test/fetch-mock';
import { makeUser, seedSession } from '#web/test/fixtures';
import { PathProbe, renderScreen } from '#web/test/render';
import { makeCategory, makeThreadSummary, THREAD_ID } from './forum-fixtures';
import { ForumHomePage } from './forum-home-page';

const renderHome = (answers: Record<string, MockAnswer>) => {
  seedSession({ user: makeUser({ role: 'founder' }) });
  const fetchMock = mockFetch({
    'GET /api/forum/threads/top': { body: [] },
    ...answers,
  });
  renderScreen('/dashboard/forum', <ForumHomePage />, {
    at: '/dashboard/forum',
    routes: [
      {
        path: '/dashboard/forum/:categorySlug/:threadId',
        element: <PathProbe name="thread" />,
      },
    ],
  });
  return { fetchMock, user: userEvent.setup() };
};

const categories = [
  makeCategory(),
  makeCategory({
    _id: 'cat2',
    name: 'Product ideas',
    slug: 'product-ideas',
    description: 'What Sailpost should do next.',
    order: 1,
    threads: 0,
    lastActivityAt: null,
  }),
];

describe('ForumHomePage', () => {
  it('lists the categories in order with their thread count and latest activity', async () => {
    renderHome({ 'GET /api/forum/categories': { body: categories } });
    const list = await screen.findByRole('list', { name: 'Categories' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      'Growth & Marketing',
      'Product ideas',
    ]);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute(
      'href',
      '/dashboard/forum/growth-marketing',
    );
    expect(items[0]).toHaveTextContent('What brings customers in.');
    expect(items[0]).toHaveTextContent('2 threads');
    expect(within(items[0]!).getByRole('time')).toHaveAttribute(
      'dateTime',
      '2026-11-20T10:00:00.000Z',
    );
    expect(items[1]).toHaveTextContent('0 threads');
    expect(items[1]).toHaveTextContent('No threads yet');
  });

  it('shows Top discussions with their votes and replies', async () => {
    renderHome({
      'GET /api/forum/categories': { body: categories },
      'GET /api/forum/threads/top': {
        body: [makeThreadSummary({ voteCount: 12, posts: 4 })],
      },
    });
    const top = await screen.findByRole('region', { name: 'Top discussions' });
    const link = await within(top).findByRole('link', { name: 'How often do you post on X?' });
    expect(link).toHaveAttribute('href', `/dashboard/forum/growth-marketing/${THREAD_ID}`);
    expect(top).toHaveTextContent('Sam Okafor · 12 votes · 4 replies');
  });

  it("says 'Invalid response format from server' when the categories do not parse", async () => {
    // The client's development check names the mismatch on the console; the screen says it too.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderHome({ 'GET /api/forum/categories': { body: { categories: 'nope' } } });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Failed to load categories');
    expect(alert).toHaveTextContent('Invalid response format from server');
  });

  it('creates a category: the slug shows as the name is typed, and is sent with it', async () => {
    const { fetchMock, user } = renderHome({
      'GET /api/forum/categories': { body: categories },
      'POST /api/forum/categories': {
        status: 201,
        body: makeCategory({ _id: 'cat3', name: 'Café Talk!', slug: 'café-talk' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Create Category' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Category' });
    await user.type(within(dialog).getByLabelText('Name'), 'Café Talk!');
    expect(dialog).toHaveTextContent('Slug: café-talk');
    await user.type(within(dialog).getByLabelText('Description'), 'Anything goes.');
    await user.clear(within(dialog).getByLabelText('Order'));
    await user.type(within(dialog).getByLabelText('Order'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Create Category' }));
    expect(await screen.findByText("Category 'Café Talk!' created")).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/forum/categories')).toEqual([
      { name: 'Café Talk!', slug: 'café-talk', description: 'Anything goes.', order: 2 },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refuses a category without a name or description, or with an order below 0', async () => {
    const { fetchMock, user } = renderHome({ 'GET /api/forum/categories': { body: categories } });
    await user.click(await screen.findByRole('button', { name: 'Create Category' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Category' });
    await user.clear(within(dialog).getByLabelText('Order'));
    await user.type(within(dialog).getByLabelText('Order'), '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Create Category' }));
    expect(await within(dialog).findByText('Category name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Category description is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Order must be at least 0')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/forum/categories')).toEqual([]);
  });

  it("shows the server's refusal of a taken name at the name", async () => {
    const { user } = renderHome({
      'GET /api/forum/categories': { body: categories },
      'POST /api/forum/categories': {
        status: 409,
        body: {
          statusCode: 409,
          code: 'FORUM_SLUG_TAKEN',
          message: 'A category named like this exists: growth-marketing',
          error: 'Conflict',
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Create Category' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Category' });
    await user.type(within(dialog).getByLabelText('Name'), 'Growth marketing');
    await user.type(within(dialog).getByLabelText('Description'), 'Again.');
    await user.click(within(dialog).getByRole('button', { name: 'Create Category' }));
    expect(
      await within(dialog).findByText('A category named like this exists: growth-marketing'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });
});
