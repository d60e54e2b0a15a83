import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BusinessNumbers } from '#shared/contract/admin';
import { deferredAnswer, jsonResponse, mockFetch, type MockAnswer } from '#web/test/fetch-mock';
import { makeUser, seedSession } from '#web/test/fixtures';
import { renderScreen } from '#web/test/render';
import { BusinessPage } from './business-page';

const zeroes = { twitter: 0, linkedin: 0, facebook: 0, instagram: 0 };

const numbers = (overrides: Partial<BusinessNumbers> = {}): BusinessNumbers => ({
  from: '2026-11-26',
  to: '2026-11-27',
  funnel: [
    { step: 'signedUp', count: 10, medianWait: null },
    { step: 'phoneVerified', count: 8, medianWait: { fromSeconds: 60, toSeconds: 300 } },
    { step: 'companyCreated', count: 6, medianWait: { fromSeconds: 3600, toSeconds: 7200 } },
    { step: 'platformConnected', count: 4, medianWait: null },
    { step: 'firstPostApproved', count: 2, medianWait: null },
    {
      step: 'firstPostPublished',
      count: 1,
      medianWait: { fromSeconds: 2_592_000, toSeconds: null },
    },
  ],
  days: [
    { day: '2026-11-26', signUps: 4, textsSent: 3, published: zeroes, failed: zeroes },
    {
      day: '2026-11-27',
      signUps: 6,
      textsSent: 9,
      published: { ...zeroes, twitter: 5 },
      failed: { ...zeroes, linkedin: 1 },
    },
  ],
  paying: { byTier: { intro: 1, silver: 0, gold: 2, platinum: 0 }, mrr: 330 },
  trialsEndingThisWeek: 3,
  ...overrides,
});

const renderPage = (answer: MockAnswer) => {
  seedSession({ user: makeUser({ role: 'admin' }) });
  const fetchMock = mockFetch({ 'GET /api/admin/business': answer });
  renderScreen('/dashboard/admin', <BusinessPage />, { at: '/dashboard/admin' });
  return { fetchMock, user: userEvent.setup() };
};

describe('BusinessPage', () => {
  it('shows the plans, the funnel with its median waits, and the days newest first', async () => {
    const { fetchMock } = renderPage({ body: numbers() });
    const funnel = await screen.findByRole('table', { name: /reached each step/ });
    const rows = within(funnel).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Signed up10—',
      'Phone verified81 min – 5 min',
      'Company created61 h – 2 h',
      'Platform connected4—',
      'First post approved2—',
      'First post published1over 30 days',
    ]);
    expect(screen.getByText('MRR (list price)').nextSibling).toHaveTextContent('$330');
    expect(screen.getByText('Trials ending this week').nextSibling).toHaveTextContent('3');
    expect(screen.getByText('Paying for Gold').nextSibling).toHaveTextContent('2');
    const days = screen.getByRole('table', { name: /newest day first/ });
    const [newest] = within(days).getAllByRole('row').slice(1);
    expect(newest).toHaveTextContent('2026-11-27');
    expect(
      within(newest!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['6', '9', '5 / 0', '0 / 1', '0 / 0', '0 / 0']);
    // The last 30 days, by default.
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost');
    expect(url.searchParams.get('to')).toBe(new Date().toISOString().slice(0, 10));
  });

  it('says it is loading, then that nothing was counted in an empty range', async () => {
    const pending = deferredAnswer();
    renderPage(pending.answer);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the numbers');
    pending.resolve(
      jsonResponse(
        numbers({
          funnel: numbers().funnel.map((row) => ({ ...row, count: 0, medianWait: null })),
          days: [
            { day: '2026-11-27', signUps: 0, textsSent: 0, published: zeroes, failed: zeroes },
          ],
          paying: { byTier: { intro: 0, silver: 0, gold: 0, platinum: 0 }, mrr: 0 },
          trialsEndingThisWeek: 0,
        }),
      ),
    );
    expect(
      await screen.findByRole('heading', { name: 'Nothing counted in these days' }),
    ).toBeInTheDocument();
  });

  it('asks again for the range chosen, and refuses one that ends before it starts', async () => {
    const { fetchMock, user } = renderPage({ body: numbers() });
    await screen.findByRole('table', { name: /reached each step/ });
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-12-01');
    expect(
      await screen.findByText('Choose a start day on or before the end day.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    await user.clear(from);
    await user.type(from, '2026-11-01');
    await screen.findByRole('table', { name: /reached each step/ });
    const last = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
    expect(last.searchParams.get('from')).toBe('2026-11-01');
  });

  it('offers to try again when the numbers could not be loaded', async () => {
    renderPage({
      status: 500,
      body: { statusCode: 500, code: 'INTERNAL_ERROR', message: 'x', error: 'x' },
    });
    expect(await screen.findByText('The numbers could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
