import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Company } from '#shared/contract/companies';
import {
  CANCEL_CONFIRMATION,
  CANCEL_SUCCESS_MESSAGE,
  RESUME_SUCCESS_MESSAGE,
} from '#shared/domain/billing';
import { useCompany } from '#web/lib/api/get-company';
import type * as Navigation from '#web/lib/navigation';
import { leaveAppFor } from '#web/lib/navigation';
import {
  bodiesSentTo,
  callKeys,
  deferredAnswer,
  jsonResponse,
  mockFetch,
  type MockAnswer,
} from '#web/test/fetch-mock';
import { companiesPage, makeCompany, seedSession } from '#web/test/fixtures';
import { renderScreen } from '#web/test/render';
import { ManageSubscriptionModal } from './manage-subscription-modal';

// The browser cannot leave jsdom for Stripe: the test sees where it would have gone.
vi.mock('#web/lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof Navigation>()),
  leaveAppFor: vi.fn(() => true),
}));

const NOW = Date.parse('2026-11-10T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const HERE = Intl.DateTimeFormat().resolvedOptions().timeZone;

const trial = () => makeCompany({ trialEndDate: new Date(NOW + 5 * DAY).toISOString() });
const paying = (tier: Company['subscriptionTier'], extra: Partial<Company> = {}) =>
  makeCompany({
    subscriptionTier: tier,
    stripeCustomerId: 'cus_1',
    stripeSubscriptionId: 'sub_1',
    subscription: { status: 'active' },
    subscriptionCurrentPeriodEnd: '2026-12-01T12:00:00.000Z',
    ...extra,
  });

/** The dialog over a company read through the app's cache, as the overview shows it. */
function Harness() {
  const { company } = useCompany('c1');
  const [open, setOpen] = useState(true);
  if (!company) return null;
  return (
    <>
      <p>{`Stored tier: ${company.subscriptionTier}`}</p>
      <button type="button" onClick={() => setOpen(true)}>
        Open plans
      </button>
      <ManageSubscriptionModal
        open={open}
        onClose={() => setOpen(false)}
        company={company}
        now={NOW}
      />
    </>
  );
}

const renderModal = async (company: Company, answers: Record<string, MockAnswer> = {}) => {
  seedSession();
  const fetchMock = mockFetch({
    'GET /api/companies/user/u1': companiesPage([company]),
    'GET /api/companies/c1': { body: company },
    'GET /api/companies/c1/usage': {
      body: {
        effectiveTier: 'intro',
        entitlement: 'trial',
        generations: { used: 0, limit: 1, resetsAt: '2026-11-11T08:00:00.000Z' },
        timeZone: HERE,
      },
    },
    ...answers,
  });
  renderScreen('/dashboard/company/:companyId', <Harness />, { at: '/dashboard/company/c1' });
  const dialog = await screen.findByRole('dialog', { name: 'Manage Subscription' });
  return { dialog, fetchMock, user: userEvent.setup() };
};

const card = (dialog: HTMLElement, name: string) =>
  within(within(dialog).getByRole('region', { name }));

const failure = (status: number, code?: string, message = '') => ({
  status,
  body: { statusCode: status, ...(code ? { code } : {}), message, error: 'x' },
});

beforeEach(() => {
  vi.mocked(leaveAppFor).mockClear();
});

describe('ManageSubscriptionModal', () => {
  it('lists the four tiers with prices, daily limits and platforms; the trial is on intro', async () => {
    const { dialog } = await renderModal(trial());
    expect(dialog).toHaveAccessibleDescription(
      'Plans for Harbor Coffee. Each company has its own plan.',
    );
    const prices = { Intro: '$30', Silver: '$100', Gold: '$150', Platinum: '$300' };
    for (const [name, price] of Object.entries(prices)) {
      const tier = card(dialog, name);
      expect(tier.getByText(price)).toBeInTheDocument();
      expect(tier.getByText('/month')).toBeInTheDocument();
      expect(tier.getByRole('button', { name: 'Choose Plan' })).toHaveAccessibleDescription(
        `${name} ${price} /month`,
      );
    }
    expect(within(dialog).queryByText('Coming Soon')).not.toBeInTheDocument();
    expect(card(dialog, 'Intro').getByText('Free trial')).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Intro' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(card(dialog, 'Intro').getByText('1 AI generation per day')).toBeInTheDocument();
    expect(card(dialog, 'Platinum').getByText('10 AI generations per day')).toBeInTheDocument();
    const gold = within(dialog).getByRole('list', { name: 'Gold platforms' });
    expect(gold).toHaveTextContent('LinkedIn(included)');
    expect(gold).toHaveTextContent('Instagram(not included)');
    // No subscription: nothing to cancel, no billing details yet.
    expect(
      within(dialog).queryByRole('button', { name: 'Cancel subscription' }),
    ).not.toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: 'Billing details' }),
    ).not.toBeInTheDocument();
  });

  it("shows today's usage from the usage route", async () => {
    const { dialog } = await renderModal(trial(), {
      'GET /api/companies/c1/usage': {
        body: {
          effectiveTier: 'gold',
          entitlement: 'subscribed',
          generations: { used: 2, limit: 5, resetsAt: '2026-11-11T08:00:00.000Z' },
          timeZone: HERE,
        },
      },
    });
    expect(
      await within(dialog).findByText('2 of 5 AI generations used today · resets at midnight'),
    ).toBeInTheDocument();
  });

  it('names the company’s zone when it is not the browser’s', async () => {
    const zone = HERE === 'Asia/Tokyo' ? 'America/New_York' : 'Asia/Tokyo';
    const { dialog } = await renderModal(trial(), {
      'GET /api/companies/c1/usage': {
        body: {
          effectiveTier: 'intro',
          entitlement: 'trial',
          generations: { used: 1, limit: 1, resetsAt: '2026-11-11T08:00:00.000Z' },
          timeZone: zone,
        },
      },
    });
    expect(
      await within(dialog).findByText(
        `1 of 1 AI generation used today · resets at midnight, ${zone.split('/')[1]!.replace('_', ' ')} time`,
      ),
    ).toBeInTheDocument();
  });

  it('sends the browser to Stripe’s checkout; the chosen button is busy, the others wait', async () => {
    const pending = deferredAnswer();
    const { dialog, fetchMock, user } = await renderModal(trial(), {
      'POST /api/stripe/create-checkout-session': pending.answer,
    });
    const gold = card(dialog, 'Gold').getByRole('button', { name: 'Choose Plan' });
    await user.click(gold);
    expect(gold).toHaveAttribute('aria-busy', 'true');
    expect(gold).toBeDisabled();
    expect(card(dialog, 'Silver').getByRole('button', { name: 'Choose Plan' })).toBeDisabled();
    for (const close of within(dialog).getAllByRole('button', { name: 'Close' })) {
      expect(close).toBeDisabled();
    }
    // Escape waits too while the request is in flight.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/stripe/create-checkout-session')).toEqual([
      { companyId: 'c1', tier: 'gold', customerId: null },
    ]);

    pending.resolve(
      jsonResponse({
        outcome: 'checkout',
        sessionId: 'cs_1',
        url: 'https://checkout.stripe.com/c/pay/cs_1',
      }),
    );
    await waitFor(() =>
      expect(leaveAppFor).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_1'),
    );
    // Still busy while the browser leaves.
    expect(gold).toHaveAttribute('aria-busy', 'true');
  });

  it('changes a paying plan in place: says so, stores the company and closes', async () => {
    const company = paying('silver');
    const { dialog, fetchMock, user } = await renderModal(company, {
      'POST /api/stripe/create-checkout-session': {
        body: { outcome: 'updated', company: { ...company, subscriptionTier: 'gold' } },
      },
    });
    expect(card(dialog, 'Silver').getByText('Current plan')).toBeInTheDocument();
    expect(card(dialog, 'Silver').queryByRole('button')).not.toBeInTheDocument();
    expect(card(dialog, 'Intro').getByRole('button', { name: 'Switch to Intro' })).toBeEnabled();
    await user.click(card(dialog, 'Gold').getByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByText('Your company is now on the Gold plan.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Stored tier: gold')).toBeInTheDocument();
    expect(leaveAppFor).not.toHaveBeenCalled();
    expect(bodiesSentTo(fetchMock, 'POST /api/stripe/create-checkout-session')).toEqual([
      { companyId: 'c1', tier: 'gold', customerId: 'cus_1' },
    ]);
  });

  describe('checkout failures', () => {
    it("say 'Failed to start checkout process' when the server gives no reason", async () => {
      const { dialog, user } = await renderModal(trial(), {
        'POST /api/stripe/create-checkout-session': { status: 502, body: {} },
      });
      const gold = card(dialog, 'Gold').getByRole('button', { name: 'Choose Plan' });
      await user.click(gold);
      expect(await screen.findByText('Failed to start checkout process')).toBeInTheDocument();
      expect(gold).toBeEnabled();
      expect(gold).toHaveFocus();
      expect(screen.getByRole('dialog')).toBeInTheDocument();
    });

    it("say 'Failed to process subscription upgrade' for a paying company", async () => {
      const { dialog, user } = await renderModal(paying('silver'), {
        'POST /api/stripe/create-checkout-session': failure(500, undefined, 'Internal error'),
      });
      await user.click(card(dialog, 'Gold').getByRole('button', { name: 'Upgrade' }));
      expect(await screen.findByText('Failed to process subscription upgrade')).toBeInTheDocument();
    });

    it("give the server's text for a billing refusal, decided by its code", async () => {
      const { dialog, fetchMock, user } = await renderModal(trial(), {
        'POST /api/stripe/create-checkout-session': failure(
          409,
          'PLAN_ALREADY_ACTIVE',
          'Your company is already on the Gold plan.',
        ),
      });
      await user.click(card(dialog, 'Gold').getByRole('button', { name: 'Choose Plan' }));
      expect(
        await screen.findByText('Your company is already on the Gold plan.'),
      ).toBeInTheDocument();
      // The dialog's view was out of date: the company is read again.
      await waitFor(() =>
        expect(callKeys(fetchMock).filter((key) => key === 'GET /api/companies/c1').length).toBe(2),
      );
    });

    it("give the server's text when billing is unavailable", async () => {
      const { dialog, user } = await renderModal(trial(), {
        'POST /api/stripe/create-checkout-session': failure(
          503,
          'BILLING_UNAVAILABLE',
          'Billing is not available right now. Please try again in a few minutes.',
        ),
      });
      await user.click(card(dialog, 'Silver').getByRole('button', { name: 'Choose Plan' }));
      expect(
        await screen.findByText(
          'Billing is not available right now. Please try again in a few minutes.',
        ),
      ).toBeInTheDocument();
    });
  });

  it('a founder: intro is free for life, marked Founder, and not for sale', async () => {
    const { dialog } = await renderModal(makeCompany({ founder: true }));
    const intro = card(dialog, 'Intro');
    expect(intro.getByText('Free').closest('p')).toHaveTextContent('Freefor lifeFounder');
    expect(intro.getByText('Founder')).toBeInTheDocument();
    expect(intro.getByText('Current plan')).toBeInTheDocument();
    expect(intro.queryByRole('button')).not.toBeInTheDocument();
    expect(card(dialog, 'Gold').getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
  });

  it('explains a lapsed trial: nothing is current, drafting and publishing wait', async () => {
    const { dialog } = await renderModal(
      makeCompany({ trialEndDate: new Date(NOW - DAY).toISOString() }),
    );
    expect(
      within(dialog).getByText(
        'Your free trial has ended. Choose a plan to keep generating and publishing posts.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText('Free trial')).not.toBeInTheDocument();
    expect(card(dialog, 'Intro').getByRole('button', { name: 'Choose Plan' })).toBeInTheDocument();
  });

  describe('cancelling', () => {
    it('asks with the browser’s confirmation; declining changes nothing', async () => {
      const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
      const { dialog, fetchMock, user } = await renderModal(paying('gold'));
      await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
      expect(confirm).toHaveBeenCalledWith(CANCEL_CONFIRMATION);
      expect(callKeys(fetchMock)).not.toContain('POST /api/stripe/cancel-subscription');
    });

    it('cancels at the period end: says so, then offers Resume (focused)', async () => {
      vi.spyOn(window, 'confirm').mockReturnValue(true);
      const company = paying('gold');
      const { dialog, fetchMock, user } = await renderModal(company, {
        'POST /api/stripe/cancel-subscription': {
          body: {
            message: CANCEL_SUCCESS_MESSAGE,
            company: { ...company, pendingDowngrade: true },
          },
        },
      });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
      expect(await screen.findByText(CANCEL_SUCCESS_MESSAGE)).toBeInTheDocument();
      expect(bodiesSentTo(fetchMock, 'POST /api/stripe/cancel-subscription')).toEqual([
        { companyId: 'c1' },
      ]);
      expect(
        within(dialog).getByText(
          'Your subscription will be cancelled on Dec 1, 2026. You will be downgraded to the Intro tier.',
        ),
      ).toBeInTheDocument();
      await waitFor(() =>
        expect(within(dialog).getByRole('button', { name: 'Resume subscription' })).toHaveFocus(),
      );
      expect(
        within(dialog).queryByRole('button', { name: 'Cancel subscription' }),
      ).not.toBeInTheDocument();
    });

    it("says 'Failed to cancel subscription', or the server's text", async () => {
      vi.spyOn(window, 'confirm').mockReturnValue(true);
      const { dialog, user } = await renderModal(paying('gold'), {
        'POST /api/stripe/cancel-subscription': { status: 502, body: {} },
      });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
      expect(await screen.findByText('Failed to cancel subscription')).toBeInTheDocument();
    });

    it("gives the server's text for NO_SUBSCRIPTION", async () => {
      vi.spyOn(window, 'confirm').mockReturnValue(true);
      const { dialog, user } = await renderModal(paying('gold'), {
        'POST /api/stripe/cancel-subscription': failure(
          409,
          'NO_SUBSCRIPTION',
          'This company has no subscription to cancel.',
        ),
      });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
      expect(
        await screen.findByText('This company has no subscription to cancel.'),
      ).toBeInTheDocument();
    });
  });

  it('resumes a cancelled subscription before its end', async () => {
    const company = paying('gold', { pendingDowngrade: true });
    const { dialog, fetchMock, user } = await renderModal(company, {
      'POST /api/stripe/resume-subscription': {
        body: {
          message: RESUME_SUCCESS_MESSAGE,
          company: { ...company, pendingDowngrade: false },
        },
      },
    });
    expect(
      within(dialog).getByText(
        'Your subscription will be cancelled on Dec 1, 2026. You will be downgraded to the Intro tier.',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: 'Cancel subscription' }),
    ).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Resume subscription' }));
    expect(await screen.findByText(RESUME_SUCCESS_MESSAGE)).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'POST /api/stripe/resume-subscription')).toEqual([
      { companyId: 'c1' },
    ]);
    expect(within(dialog).queryByText(/will be cancelled on/)).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Cancel subscription' })).toHaveFocus(),
    );
  });

  it("opens Stripe's billing details", async () => {
    const { dialog, fetchMock, user } = await renderModal(paying('gold'), {
      'POST /api/stripe/billing-portal': {
        body: { url: 'https://billing.stripe.com/p/session/abc' },
      },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Billing details' }));
    await waitFor(() =>
      expect(leaveAppFor).toHaveBeenCalledWith('https://billing.stripe.com/p/session/abc'),
    );
    expect(bodiesSentTo(fetchMock, 'POST /api/stripe/billing-portal')).toEqual([
      { companyId: 'c1' },
    ]);
  });

  it('starts afresh each time it opens, and Escape closes it', async () => {
    const { user } = await renderModal(trial());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open plans' }));
    expect(screen.getByRole('dialog', { name: 'Manage Subscription' })).toBeInTheDocument();
  });
});
