import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CompanySummary } from '#shared/contract/companies';
import { COMPANIES_PAGE_SIZE, COMPANY_PAGES_AT_ONCE } from '#web/lib/api/list-companies';
import { companiesPage, makeCompanySummary, seedSession } from '#web/test/fixtures';
import { jsonResponse, mockFetch } from '#web/test/fetch-mock';
import { renderScreen } from '#web/test/render';
import { CompaniesPage } from './companies-page';

const company = (n: number): CompanySummary =>
  makeCompanySummary({ _id: `c${n}`, name: `Company ${n}`, description: '' });

/**
 * The server's list, `perPage` companies a page (the server decides how many a page holds):
 * answers the page its cursor names, the cursor being the index of its first company. Records
 * every query the web sent.
 */
const serveCompanies = (companies: CompanySummary[], perPage: number) => {
  const queries: { limit: string | null; cursor: string | null }[] = [];
  const fetchMock = mockFetch({
    'GET /api/companies/user/u1': async (url) => {
      const cursor = url.searchParams.get('cursor');
      queries.push({ limit: url.searchParams.get('limit'), cursor });
      const start = Number(cursor ?? 0);
      const end = start + perPage;
      return jsonResponse(
        companiesPage(companies.slice(start, end), {
          total: companies.length,
          nextCursor: end < companies.length ? String(end) : null,
        }).body,
      );
    },
  });
  return { fetchMock, queries };
};

const renderPage = () => {
  seedSession();
  renderScreen('/dashboard/companies', <CompaniesPage />, { at: '/dashboard/companies' });
  return userEvent.setup();
};

const cardNames = () =>
  screen.getAllByRole('link', { name: /^Company \d+$/ }).map((link) => link.textContent);

describe('CompaniesPage', () => {
  it('shows every company, following the pages, a hundred asked for a call', async () => {
    const companies = Array.from({ length: 5 }, (_, n) => company(n + 1));
    const { queries } = serveCompanies(companies, 2);
    renderPage();
    expect(await screen.findByRole('link', { name: 'Company 5' })).toBeInTheDocument();
    expect(cardNames()).toEqual(['Company 1', 'Company 2', 'Company 3', 'Company 4', 'Company 5']);
    expect(queries).toEqual([
      { limit: String(COMPANIES_PAGE_SIZE), cursor: null },
      { limit: String(COMPANIES_PAGE_SIZE), cursor: '2' },
      { limit: String(COMPANIES_PAGE_SIZE), cursor: '4' },
    ]);
    expect(screen.queryByRole('button', { name: 'Load more companies' })).not.toBeInTheDocument();
  });

  it("stops after so many pages, says how many there are, and 'Load more' brings the rest", async () => {
    const shownAtOnce = COMPANY_PAGES_AT_ONCE * 2;
    const companies = Array.from({ length: shownAtOnce + 3 }, (_, n) => company(n + 1));
    const { queries } = serveCompanies(companies, 2);
    const user = renderPage();
    expect(
      await screen.findByText(`Showing ${shownAtOnce} of ${shownAtOnce + 3} companies`),
    ).toBeInTheDocument();
    expect(queries).toHaveLength(COMPANY_PAGES_AT_ONCE);
    expect(cardNames()).toHaveLength(shownAtOnce);

    await user.click(screen.getByRole('button', { name: 'Load more companies' }));
    expect(
      await screen.findByRole('link', { name: `Company ${shownAtOnce + 3}` }),
    ).toBeInTheDocument();
    expect(cardNames()).toEqual(companies.map((c) => c.name));
    expect(queries.slice(COMPANY_PAGES_AT_ONCE).map((query) => query.cursor)).toEqual([
      String(shownAtOnce),
      String(shownAtOnce + 2),
    ]);
    expect(screen.queryByRole('button', { name: 'Load more companies' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
  });

  it('shows the card from the summary: website, first words of the description, plan badges', async () => {
    seedSession();
    mockFetch({
      'GET /api/companies/user/u1': companiesPage([
        makeCompanySummary(
          { founder: true, website: 'https://www.harbor.coffee' },
          { descriptionPreview: 'Small-batch roastery…' },
        ),
      ]),
    });
    renderScreen('/dashboard/companies', <CompaniesPage />, { at: '/dashboard/companies' });
    const card = (await screen.findByRole('link', { name: 'Harbor Coffee' })).closest('li')!;
    expect(within(card).getByText('harbor.coffee')).toBeInTheDocument();
    expect(within(card).getByText('Small-batch roastery…')).toBeInTheDocument();
    expect(within(card).getByTitle('Subscription tier')).toHaveTextContent('Intro');
    expect(within(card).getByText('Founder')).toBeInTheDocument();
  });
});
