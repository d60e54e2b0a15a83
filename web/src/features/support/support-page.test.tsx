import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SupportTicket, TicketResponse } from '#shared/contract/support';
import type { User } from '#shared/contract/users';
import { installFakeXhr } from '#web/test/fake-xhr';
import { makeUser, seedSession } from '#web/test/fixtures';
import { EXE_BYTES, mediaBytes } from '#web/test/media-bytes';
import {
  bodiesSentTo,
  callKeys,
  jsonResponse,
  mockFetch,
  type MockAnswer,
} from '#web/test/fetch-mock';
import { renderScreen } from '#web/test/render';
import { SupportPage } from './support-page';

const HOUR = 60 * 60 * 1000;
const iso = (fromNow: number) => new Date(Date.now() + fromNow).toISOString();

const makeTicket = (overrides: Partial<SupportTicket> = {}): SupportTicket => ({
  _id: 't1',
  subject: 'Posts to X stopped',
  description: 'Nothing went out since Monday.',
  priority: 'medium',
  status: 'open',
  createdAt: iso(-2 * HOUR),
  updatedAt: iso(-2 * HOUR),
  lastActivityAt: iso(-2 * HOUR),
  responseCount: 0,
  staffReplied: false,
  companyId: null,
  company: null,
  context: { plan: 'growth', browser: 'Chrome 131 on macOS', page: '/dashboard' },
  attachments: [],
  firstResponseDueAt: iso(3 * HOUR + 10 * 60 * 1000),
  firstRespondedAt: null,
  assignee: null,
  ...overrides,
});

const makeResponse = (overrides: Partial<TicketResponse> = {}): TicketResponse => ({
  _id: 'r1',
  content: 'We are looking into it.',
  isStaffResponse: true,
  internal: false,
  createdAt: iso(-HOUR),
  userId: { _id: 's1', firstName: 'Sam' },
  attachments: [],
  ...overrides,
});

const page = (data: unknown[]) => ({ body: { data, nextCursor: null } });

const renderSupport = (
  { at = '/dashboard/support', user = makeUser() }: { at?: string; user?: User } = {},
  answers: Record<string, MockAnswer> = {},
) => {
  seedSession({ user });
  const fetchMock = mockFetch({
    'GET /api/companies/user/u1': { body: { data: [], total: 0, nextCursor: null } },
    ...answers,
  });
  renderScreen('/dashboard/support', <SupportPage />, { at });
  return { fetchMock, user: userEvent.setup() };
};

describe('SupportPage — an owner', () => {
  it('lists their tickets with status, priority, last activity and "Staff replied"', async () => {
    renderSupport(
      {},
      {
        'GET /api/support/tickets': page([
          makeTicket({ status: 'in_progress', staffReplied: true }),
          makeTicket({ _id: 't2', subject: 'Billing question', priority: 'urgent' }),
        ]),
      },
    );
    const list = await screen.findByRole('list', { name: 'Your tickets' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Posts to X stopped' })).toHaveAttribute(
      'href',
      '/dashboard/support?ticket=t1',
    );
    expect(within(first!).getByText('In progress')).toBeInTheDocument();
    expect(within(first!).getByText('Staff replied')).toBeInTheDocument();
    expect(within(first!).getByText('2 hours ago')).toBeInTheDocument();
    expect(within(second!).getByText('Urgent')).toBeInTheDocument();
    expect(within(second!).queryByText('Staff replied')).not.toBeInTheDocument();
    // The owner's list has no first-response target: that is staff's.
    expect(screen.queryByText(/due in/)).not.toBeInTheDocument();
  });

  it('says there are none yet, with New Ticket', async () => {
    renderSupport({}, { 'GET /api/support/tickets': page([]) });
    expect(await screen.findByRole('heading', { name: 'No tickets yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'New Ticket' })).toHaveLength(2);
  });

  it('opens a ticket with medium priority, the browser and the page, and keeps the draft when refused', async () => {
    let refuse = true;
    const { fetchMock, user } = renderSupport(
      {},
      {
        'GET /api/support/tickets': page([]),
        'POST /api/support/tickets': async () =>
          refuse
            ? jsonResponse(
                {
                  statusCode: 429,
                  code: 'SUPPORT_TICKET_LIMIT_REACHED',
                  message: 'You can open at most 10 tickets a day',
                  error: 'Too Many Requests',
                },
                429,
              )
            : jsonResponse(makeTicket({ _id: 't9', subject: 'Posts to X stopped' }), 201),
        'GET /api/support/tickets/t9': { body: makeTicket({ _id: 't9' }) },
        'GET /api/support/tickets/t9/responses': page([]),
      },
    );
    await screen.findByRole('heading', { name: 'No tickets yet' });
    await user.click(screen.getAllByRole('button', { name: 'New Ticket' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'New Ticket' });
    expect(within(dialog).getByLabelText('Priority')).toHaveValue('medium');

    // Subject and description are required; spaces are not an answer.
    await user.type(within(dialog).getByLabelText(/^Subject/), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Ticket' }));
    expect(within(dialog).getByText('Subject is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
    expect(callKeys(fetchMock)).not.toContain('POST /api/support/tickets');

    await user.clear(within(dialog).getByLabelText(/^Subject/));
    await user.type(within(dialog).getByLabelText(/^Subject/), 'Posts to X stopped');
    await user.type(
      within(dialog).getByLabelText(/^Description/),
      'Nothing went out since Monday.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Submit Ticket' }));
    expect(
      await within(dialog).findByText('You can open at most 10 tickets a day'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Subject/)).toHaveValue('Posts to X stopped');
    expect(within(dialog).getByLabelText(/^Description/)).toHaveValue(
      'Nothing went out since Monday.',
    );

    // Closing the dialog keeps the draft too.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getAllByRole('button', { name: 'New Ticket' })[0]!);
    const again = screen.getByRole('dialog', { name: 'New Ticket' });
    expect(within(again).getByLabelText(/^Subject/)).toHaveValue('Posts to X stopped');

    refuse = false;
    await user.click(within(again).getByRole('button', { name: 'Submit Ticket' }));
    await waitFor(() => expect(window.location.search).toBe('?ticket=t9'));
    const sent = bodiesSentTo(fetchMock, 'POST /api/support/tickets').at(-1) as {
      priority: string;
      companyId: string | null;
      context: { browser: string; page: string };
      attachmentIds: string[];
    };
    expect(sent).toMatchObject({
      subject: 'Posts to X stopped',
      description: 'Nothing went out since Monday.',
      priority: 'medium',
      companyId: null,
      attachmentIds: [],
    });
    expect(sent.context.browser).not.toBe('');
  });
});

describe('SupportPage — attachments', () => {
  it('refuses a file that is not what its name says, uploads a screenshot with its progress, and sends its id', async () => {
    const requests = installFakeXhr();
    const { fetchMock } = renderSupport(
      {},
      {
        'GET /api/support/tickets': page([]),
        'POST /api/support/attachments': async () =>
          jsonResponse(
            {
              key: 'support/u1/a1',
              url: 'https://media.example/sailpost-media',
              fields: { key: 'support/u1/a1', Policy: 'policy' },
              maxBytes: 10_485_760,
              expiresAt: iso(HOUR),
              attachmentId: 'a1',
            },
            201,
          ),
        'POST /api/support/tickets': async () => jsonResponse(makeTicket({ _id: 't9' }), 201),
        'GET /api/support/tickets/t9': { body: makeTicket({ _id: 't9' }) },
        'GET /api/support/tickets/t9/responses': page([]),
      },
    );
    // Refused types are part of what is tested: the picker's filter is not applied here.
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByRole('heading', { name: 'No tickets yet' });
    await user.click(screen.getAllByRole('button', { name: 'New Ticket' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'New Ticket' });
    const input = within(dialog).getByLabelText('Choose files to attach');

    await user.upload(input, new File([EXE_BYTES], 'invoice.png', { type: 'image/png' }));
    expect(await within(dialog).findByText(/invoice\.png/)).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'This file is not a JPG, PNG, GIF or WebP image, or a PDF, whatever its name says',
    );
    expect(callKeys(fetchMock)).not.toContain('POST /api/support/attachments');

    await user.upload(
      input,
      new File([mediaBytes('image/png')], 'screenshot.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(requests[0]?.url).toBe('https://media.example/sailpost-media'));
    requests[0]!.progress(50, 100);
    expect(await within(dialog).findByText('Uploading… 50%')).toBeInTheDocument();
    // The ticket waits for its files.
    expect(within(dialog).getByRole('button', { name: 'Uploading files...' })).toBeDisabled();
    requests[0]!.respond(204);
    expect(await within(dialog).findByText('Uploaded')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Subject/), 'Posts to X stopped');
    await user.type(within(dialog).getByLabelText(/^Description/), 'See the screenshot.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Ticket' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'POST /api/support/tickets')).toEqual([
        expect.objectContaining({ attachmentIds: ['a1'] }),
      ]),
    );
  });
});

describe('SupportPage — a ticket (?ticket=)', () => {
  const openTicket = (ticket: SupportTicket, responses: TicketResponse[], user?: User) =>
    renderSupport(
      { at: `/dashboard/support?ticket=${ticket._id}`, user },
      {
        [`GET /api/support/tickets/${ticket._id}`]: { body: ticket },
        [`GET /api/support/tickets/${ticket._id}/responses`]: page(responses),
        'POST /api/support/responses': async () => jsonResponse(makeResponse({ _id: 'r9' }), 201),
      },
    );

  it('shows the replies oldest first, the Staff badge only on staff replies', async () => {
    openTicket(makeTicket(), [
      makeResponse({ _id: 'r1', content: 'We are looking into it.' }),
      makeResponse({
        _id: 'r2',
        content: 'Thanks!',
        isStaffResponse: false,
        userId: { _id: 'u1', firstName: 'Maya' },
      }),
    ]);
    const replies = await screen.findByRole('list', { name: 'Replies' });
    const [staffReply, ownerReply] = within(replies).getAllByRole('listitem');
    expect(staffReply).toHaveTextContent('We are looking into it.');
    expect(within(staffReply!).getByText('Staff')).toBeInTheDocument();
    expect(within(ownerReply!).queryByText('Staff')).not.toBeInTheDocument();
  });

  it('sends no reply of only whitespace, and sends a real one trimmed', async () => {
    const { fetchMock, user } = openTicket(makeTicket(), []);
    const field = await screen.findByRole('textbox', { name: 'Reply' });
    await user.type(field, '   {enter}  ');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(screen.getByText('Reply is required')).toBeInTheDocument();
    expect(callKeys(fetchMock)).not.toContain('POST /api/support/responses');

    await user.clear(field);
    await user.type(field, '  It works again, thanks  ');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'POST /api/support/responses')).toEqual([
        { ticketId: 't1', content: 'It works again, thanks', attachmentIds: [] },
      ]),
    );
    await waitFor(() => expect(field).toHaveValue(''));
  });

  it('replaces the form of a closed ticket with "This ticket is closed" and Open a new ticket', async () => {
    const { user } = openTicket(makeTicket({ status: 'closed' }), [makeResponse()]);
    expect(await screen.findByText('This ticket is closed')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Reply' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close Ticket' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open a new ticket' }));
    expect(screen.getByRole('dialog', { name: 'New Ticket' })).toBeInTheDocument();
    expect(window.location.search).toBe('');
  });

  it('closes a ticket only after the confirmation, then shows it closed', async () => {
    const ticket = makeTicket();
    let closed = false;
    const { fetchMock, user } = renderSupport(
      { at: '/dashboard/support?ticket=t1' },
      {
        'GET /api/support/tickets/t1': async () =>
          jsonResponse(closed ? { ...ticket, status: 'closed' } : ticket),
        'GET /api/support/tickets/t1/responses': page([]),
        'PUT /api/support/tickets/t1/close': async () => {
          closed = true;
          return jsonResponse({ ...ticket, status: 'closed' });
        },
        'GET /api/support/tickets': page([]),
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Close Ticket' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Close this ticket?' });
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(callKeys(fetchMock)).not.toContain('PUT /api/support/tickets/t1/close');
    await user.click(within(confirm).getByRole('button', { name: 'Close Ticket' }));
    expect(await screen.findByText('This ticket is closed')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Reply' })).not.toBeInTheDocument();
  });

  it('says so when the ticket is not the owner’s (404)', async () => {
    renderSupport(
      { at: '/dashboard/support?ticket=t404' },
      {
        'GET /api/support/tickets/t404/responses': page([]),
      },
    );
    expect(
      await screen.findByRole('heading', { name: 'This ticket does not exist or is not yours' }),
    ).toBeInTheDocument();
  });
});

describe('SupportPage — staff', () => {
  const staff = makeUser({ _id: 's1', firstName: 'Sam', role: 'staff' });
  const owner = {
    _id: 'u1',
    firstName: 'Maya',
    lastName: 'Lopez',
    email: 'maya@harbor.coffee',
    plan: 'growth',
    companies: [{ _id: 'c1', name: 'Harbor Coffee', plan: 'growth' }],
  };

  it('shows the queue of open tickets with their first-response target', async () => {
    const { fetchMock } = renderSupport(
      { user: staff },
      {
        'GET /api/support/tickets': page([
          makeTicket({ owner }),
          makeTicket({ _id: 't2', subject: 'Late one', firstResponseDueAt: iso(-HOUR), owner }),
        ]),
      },
    );
    expect(await screen.findByRole('heading', { name: 'Support queue' })).toBeInTheDocument();
    const queue = await screen.findByRole('list', { name: 'Queue' });
    const [first, second] = within(queue).getAllByRole('listitem');
    expect(within(first!).getByText('due in 3 h')).toBeInTheDocument();
    expect(within(first!).getByText('From Maya Lopez')).toBeInTheDocument();
    expect(within(second!).getByText('overdue')).toBeInTheDocument();
    const listCall = fetchMock.mock.calls.find(([input]) =>
      String(input).includes('/api/support/tickets?'),
    );
    expect(new URL(String(listCall![0]), 'http://localhost').searchParams.get('status')).toBe(
      'open',
    );
    expect(screen.queryByRole('button', { name: 'New Ticket' })).not.toBeInTheDocument();
  });

  it('filters by priority and "Assigned to me" through the list call', async () => {
    const { fetchMock, user } = renderSupport(
      { user: staff },
      { 'GET /api/support/tickets': page([]) },
    );
    await screen.findByRole('heading', { name: 'No tickets match these filters' });
    await user.selectOptions(screen.getByLabelText('Priority'), 'urgent');
    await user.click(screen.getByLabelText('Assigned to me'));
    await waitFor(() => {
      const last = fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname === '/api/support/tickets')
        .at(-1)!;
      expect(Object.fromEntries(last.searchParams)).toEqual({
        status: 'open',
        priority: 'urgent',
        assignee: 'me',
      });
    });
  });

  it('writes an internal note, shown apart, and sees the owner beside the ticket', async () => {
    const ticket = makeTicket({ owner });
    const { fetchMock, user } = renderSupport(
      { at: '/dashboard/support?ticket=t1', user: staff },
      {
        'GET /api/support/tickets/t1': { body: ticket },
        'GET /api/support/tickets/t1/responses': page([
          makeResponse({ _id: 'n1', internal: true, content: 'Checking the X token' }),
        ]),
        'POST /api/support/responses': async () =>
          jsonResponse(makeResponse({ _id: 'n2', internal: true }), 201),
      },
    );
    const replies = await screen.findByRole('list', { name: 'Replies' });
    expect(
      within(replies).getByText('Internal note — the owner never sees this'),
    ).toBeInTheDocument();
    const side = screen.getByRole('complementary', { name: 'Ticket handling and owner' });
    expect(within(side).getByText('maya@harbor.coffee')).toBeInTheDocument();
    expect(within(side).getByText('Harbor Coffee')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: /Internal note/ }));
    await user.type(screen.getByRole('textbox', { name: 'Internal note' }), 'Token expired');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'POST /api/support/responses')).toEqual([
        { ticketId: 't1', content: 'Token expired', attachmentIds: [], internal: true },
      ]),
    );
  });
});
