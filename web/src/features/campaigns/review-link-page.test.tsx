import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seedSession } from '#web/test/fixtures';
import { callKeys, mockFetch } from '#web/test/fetch-mock';
import { PathProbe, renderScreen } from '#web/test/render';
import { ReviewLinkPage } from './review-link-page';

const CODE = 'Ab3dE6gH9k';

const notFound = {
  status: 404,
  body: {
    statusCode: 404,
    code: 'REVIEW_LINK_NOT_FOUND',
    message: 'This review link has expired or is not for this account',
    error: 'Not Found',
  },
};

const renderLink = (code = CODE) =>
  renderScreen('r/:code', <ReviewLinkPage />, {
    at: `/r/${code}`,
    routes: [
      {
        path: '/dashboard/company/:companyId/campaigns/:campaignId',
        element: <PathProbe name="campaign" />,
      },
      {
        path: '/dashboard/company/:companyId/campaigns',
        element: <PathProbe name="campaigns" />,
      },
    ],
  });

describe('ReviewLinkPage (/r/{code})', () => {
  it("opens the post's campaign at its posts, in place of the link", async () => {
    seedSession();
    mockFetch({
      [`GET /api/review-links/${CODE}`]: {
        body: { companyId: 'c1', campaignId: 'k1', contentId: 'p1' },
      },
    });
    renderLink();
    expect(await screen.findByText('Screen: campaign')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard/company/c1/campaigns/k1');
    expect(window.location.hash).toBe('#content');
  });

  it("opens the company's campaigns for a text about posts of several", async () => {
    seedSession();
    mockFetch({
      [`GET /api/review-links/${CODE}`]: {
        body: { companyId: 'c1', campaignId: null, contentId: null },
      },
    });
    renderLink();
    expect(await screen.findByText('Screen: campaigns')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard/company/c1/campaigns');
  });

  it('says a link that is not this account’s, or has expired, has expired', async () => {
    seedSession();
    mockFetch({ [`GET /api/review-links/${CODE}`]: notFound });
    renderLink();
    expect(
      await screen.findByRole('heading', { name: 'This link has expired' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('asks nothing about a code of another shape', async () => {
    seedSession();
    const fetchMock = mockFetch({});
    renderLink('not-a-code');
    expect(
      await screen.findByRole('heading', { name: 'This link has expired' }),
    ).toBeInTheDocument();
    expect(callKeys(fetchMock)).toEqual([]);
  });
});
