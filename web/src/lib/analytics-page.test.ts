import { describe, expect, it } from 'vitest';
import { analyticsPageOf } from './analytics-page';

const ORIGIN = 'https://app.sailpost.test';

describe('analyticsPageOf', () => {
  it('titles a page by its route and keeps the opaque ids in its address', () => {
    expect(
      analyticsPageOf(ORIGIN, '/dashboard/company/01JCOMPANY/campaigns/01JCAMPAIGN', {
        companyId: '01JCOMPANY',
        campaignId: '01JCAMPAIGN',
      }),
    ).toEqual({
      page_location: `${ORIGIN}/dashboard/company/01JCOMPANY/campaigns/01JCAMPAIGN`,
      page_title: '/dashboard/company/:companyId/campaigns/:campaignId',
    });
  });

  it('replaces a parameter that is no id (a review code) by its name', () => {
    expect(analyticsPageOf(ORIGIN, '/r/Xy7Kq2', { code: 'Xy7Kq2' })).toEqual({
      page_location: `${ORIGIN}/r/:code`,
      page_title: '/r/:code',
    });
  });

  it('sends an unknown address as /:unknown, whatever was typed', () => {
    expect(analyticsPageOf(ORIGIN, '/maya%40harbor.coffee', { '*': 'maya@harbor.coffee' })).toEqual(
      { page_location: `${ORIGIN}/:unknown`, page_title: '/:unknown' },
    );
  });

  it('keeps the home page and fixed paths as they are', () => {
    expect(analyticsPageOf(ORIGIN, '/', {})).toEqual({
      page_location: `${ORIGIN}/`,
      page_title: '/',
    });
    expect(analyticsPageOf(ORIGIN, '/profile/', {}).page_title).toBe('/profile');
  });
});
