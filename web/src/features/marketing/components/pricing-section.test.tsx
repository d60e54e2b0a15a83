import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLATFORMS, TIER_LIST } from '#shared/domain/tiers';
import { ManageSubscriptionModal } from '#web/components/manage-subscription-modal';
import { mockFetch } from '#web/test/fetch-mock';
import { makeCompany, seedSession } from '#web/test/fixtures';
import { renderScreen } from '#web/test/render';
import { PricingSection } from './pricing-section';

/** Each tier's platform list as a reader meets it: one line per platform, in order. */
const platformLines = (container: HTMLElement, tierName: string): string[] =>
  within(within(container).getByRole('list', { name: `${tierName} platforms` }))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');

const linesFromTable = (allowed: readonly string[]) =>
  Object.values(PLATFORMS).map((platform) =>
    allowed.includes(platform.id)
      ? `${platform.name}${platform.comingSoon ? ' (coming soon)' : ''}(included)`
      : `${platform.name}(not included)`,
  );

describe('the landing page and the plan dialog agree on each tier’s platforms', () => {
  it('both list, per tier, the tier table’s platforms, saying which are still coming', async () => {
    const landing = renderScreen('/', <PricingSection />, { at: '/' });
    const pricing = screen.getByRole('region', { name: 'Simple plans, per company' });
    const onLanding = TIER_LIST.map((tier) => platformLines(pricing, tier.name));
    landing.unmount();

    seedSession();
    mockFetch({
      'GET /api/companies/c1/usage': {
        body: {
          effectiveTier: 'intro',
          entitlement: 'trial',
          generations: { used: 0, limit: 1, resetsAt: '2026-11-11T08:00:00.000Z' },
          timeZone: 'UTC',
        },
      },
    });
    renderScreen(
      '/',
      <ManageSubscriptionModal open onClose={() => undefined} company={makeCompany()} />,
      { at: '/' },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Manage Subscription' });
    const inDialog = TIER_LIST.map((tier) => platformLines(dialog, tier.name));

    expect(inDialog).toEqual(onLanding);
    expect(onLanding).toEqual(TIER_LIST.map((tier) => linesFromTable(tier.allowedPlatforms)));
  });
});
