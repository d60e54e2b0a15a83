import clsx from 'clsx';
import { useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { Company, PlanUsage } from '#shared/contract/companies';
import type { ErrorCode } from '#shared/contract/errors';
import { ANALYTICS_CURRENCY } from '#shared/domain/analytics';
import { LAPSED_MESSAGES } from '#shared/domain/subscription';
import { TIERS, type TierId } from '#shared/domain/tiers';
import { zoneName } from '#shared/domain/time-zones';
import { track } from '#web/lib/analytics';
import { ApiError } from '#web/lib/api-client';
import { browserZone } from '#web/lib/time-zone-options';
import {
  cancelSubscription,
  createCheckoutSession,
  openBillingPortal,
  resumeSubscription,
} from '#web/lib/api/billing';
import {
  CANCEL_CONFIRMATION,
  CANCEL_SUCCESS_MESSAGE,
  RESUME_SUCCESS_MESSAGE,
} from '#shared/domain/billing';
import { usePlanUsage } from '#web/lib/api/plan-usage';
import { useRefreshCompany, useStoreCompany } from '#web/lib/api/store-company';
import { BILLING_MESSAGES } from '#web/lib/billing-texts';
import { hasCode, isSessionEnded } from '#web/lib/error-text';
import { formatDate } from '#web/lib/format';
import { leaveAppFor } from '#web/lib/navigation';
import { planChoicesOf, tierName, type TierChoice } from '#web/lib/plan-choices';
import { Badge } from './badge';
import { Button } from './button';
import { TierPlatforms } from './tier-platforms';
import { Modal } from './modal';
import { FounderBadge } from './tier-badge';

interface ManageSubscriptionModalProps {
  open: boolean;
  onClose: () => void;
  company: Company;
  /** The clock (tests pin it). */
  now?: number;
}

type Pending = { kind: 'checkout'; tier: TierId } | { kind: 'cancel' | 'resume' | 'portal' };

const generationsText = (limit: number) =>
  `${limit} AI ${limit === 1 ? 'generation' : 'generations'} per day`;

/** The billing refusals whose message is written for the owner. */
const BILLING_CODES: ErrorCode[] = [
  'PLAN_ALREADY_ACTIVE',
  'PLAN_NOT_AVAILABLE',
  'NO_SUBSCRIPTION',
  'BILLING_UNAVAILABLE',
  'COMPANY_NOT_FOUND',
];

/** Refusals after which the dialog's view of the company is out of date. */
const STALE_CODES: ErrorCode[] = ['PLAN_ALREADY_ACTIVE', 'PLAN_NOT_AVAILABLE', 'NO_SUBSCRIPTION'];

/**
 * "Failed to X, or the server's text" (spec §8): the server's words for a billing refusal or any
 * other answer about the request (4xx); ours when the server failed or did not answer.
 */
export const billingFailureText = (error: unknown, fallback: string): string => {
  if (!(error instanceof ApiError) || !error.serverMessage) return fallback;
  return hasCode(error, ...BILLING_CODES) || (error.status >= 400 && error.status < 500)
    ? error.serverMessage
    : fallback;
};

/** "2 of 5 AI generations used today · resets at midnight" (with the zone when it is not ours). */
export const usageText = (usage: PlanUsage): string => {
  const { used, limit } = usage.generations;
  const zone =
    usage.timeZone && usage.timeZone !== browserZone() ? `, ${zoneName(usage.timeZone)}` : '';
  return `${used} of ${limit} AI ${limit === 1 ? 'generation' : 'generations'} used today · resets at midnight${zone}`;
};

/**
 * Manage Subscription: the four tiers with their platforms, daily generation limits and prices;
 * choosing one goes to Stripe's checkout (or changes a paying plan in place). With a paying
 * subscription it cancels (at the period's end) or takes a cancellation back, and opens Stripe's
 * billing details. Each opening starts afresh.
 */
export function ManageSubscriptionModal(props: ManageSubscriptionModalProps) {
  if (!props.open) return null;
  return <ManageSubscriptionDialog {...props} />;
}

function ManageSubscriptionDialog({ onClose, company, now }: ManageSubscriptionModalProps) {
  const plans = planChoicesOf(company, now);
  const usage = usePlanUsage(company._id);
  const storeCompany = useStoreCompany();
  const refreshCompany = useRefreshCompany();
  const [pending, setPending] = useState<Pending | null>(null);
  const resumeButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  // Cancel and Resume replace each other: focus follows to the one that appears.
  const [focusNext, setFocusNext] = useState<'resume' | 'cancel' | null>(null);
  const paying = plans.entitlement.kind === 'subscribed';

  useEffect(() => {
    const target = focusNext === 'resume' ? resumeButton.current : cancelButton.current;
    if (focusNext && target) {
      target.focus();
      setFocusNext(null);
    }
  }, [focusNext, plans.cancelsOn, plans.canCancel]);

  // A busy button is disabled, which drops focus: once nothing is in flight, give it back.
  const lastActive = useRef<HTMLElement | null>(null);
  const start = (next: Pending) => {
    lastActive.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setPending(next);
  };
  useEffect(() => {
    const active = document.activeElement;
    if (pending || focusNext || (active && active !== document.body)) return;
    if (lastActive.current?.isConnected) lastActive.current.focus();
  }, [pending, focusNext]);

  const fail = (error: unknown, fallback: string) => {
    if (isSessionEnded(error)) return;
    toast.error(billingFailureText(error, fallback));
    if (hasCode(error, ...STALE_CODES)) refreshCompany(company._id);
  };

  const choose = async (tier: TierId) => {
    start({ kind: 'checkout', tier });
    try {
      const answer = await createCheckoutSession({
        companyId: company._id,
        tier,
        customerId: company.stripeCustomerId,
      });
      if (answer.outcome === 'checkout') {
        const value = TIERS[tier].monthlyPrice;
        track('begin_checkout', { tier, value, currency: ANALYTICS_CURRENCY });
        // The button keeps spinning while the browser leaves for Stripe.
        if (leaveAppFor(answer.url)) return;
        toast.error(BILLING_MESSAGES.checkoutFailed);
      } else {
        storeCompany(answer.company, 'plan');
        toast.success(BILLING_MESSAGES.nowOnPlan(tierName(answer.company.subscriptionTier)));
        onClose();
        return;
      }
    } catch (error) {
      fail(error, paying ? BILLING_MESSAGES.upgradeFailed : BILLING_MESSAGES.checkoutFailed);
    }
    setPending(null);
  };

  const cancel = async () => {
    // The spec's browser confirmation.
    if (!window.confirm(CANCEL_CONFIRMATION)) return;
    start({ kind: 'cancel' });
    try {
      storeCompany((await cancelSubscription(company._id)).company, 'plan');
      toast.success(CANCEL_SUCCESS_MESSAGE);
      setFocusNext('resume');
    } catch (error) {
      fail(error, BILLING_MESSAGES.cancelFailed);
    }
    setPending(null);
  };

  const resume = async () => {
    start({ kind: 'resume' });
    try {
      storeCompany((await resumeSubscription(company._id)).company, 'plan');
      toast.success(RESUME_SUCCESS_MESSAGE);
      setFocusNext('cancel');
    } catch (error) {
      fail(error, BILLING_MESSAGES.resumeFailed);
    }
    setPending(null);
  };

  const billingDetails = async () => {
    start({ kind: 'portal' });
    try {
      if (leaveAppFor(await openBillingPortal(company._id))) return;
      toast.error(BILLING_MESSAGES.portalFailed);
    } catch (error) {
      fail(error, BILLING_MESSAGES.portalFailed);
    }
    setPending(null);
  };

  const busy = pending !== null;
  const currentRank = plans.tiers.findIndex((tier) => tier.current);
  const lapsed = plans.entitlement.kind === 'lapsed' ? plans.entitlement : null;

  // The subscription's own actions sit under the plans (a phone's footer stays one button).
  const subscriptionActions =
    plans.hasBillingDetails || plans.canCancel ? (
      <div className="mt-5 flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center">
        {plans.hasBillingDetails ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void billingDetails()}
            loading={pending?.kind === 'portal'}
            disabled={busy}
          >
            Billing details
          </Button>
        ) : null}
        {plans.hasBillingDetails ? (
          <p className="text-sm text-slate-500 sm:flex-1">Card, invoices and receipts on Stripe.</p>
        ) : (
          <span className="sm:flex-1" />
        )}
        {plans.canCancel ? (
          <Button
            ref={cancelButton}
            variant="danger-ghost"
            size="sm"
            onClick={() => void cancel()}
            loading={pending?.kind === 'cancel'}
            disabled={busy}
          >
            {pending?.kind === 'cancel' ? 'Cancelling…' : 'Cancel subscription'}
          </Button>
        ) : null}
      </div>
    ) : null;

  const footer = (
    <Button variant="secondary" onClick={onClose} disabled={busy}>
      Close
    </Button>
  );

  return (
    <Modal
      open
      onClose={onClose}
      size="xl"
      title="Manage Subscription"
      description={`Plans for ${company.name}. Each company has its own plan.`}
      footer={footer}
      busy={busy}
    >
      <div className="mb-4 space-y-3" aria-live="polite">
        {plans.cancelsOn ? (
          <div className="flex flex-col gap-3 rounded-lg bg-amber-50 px-3.5 py-3 text-sm text-amber-900 sm:flex-row sm:items-center">
            <p className="flex-1">
              {`Your subscription will be cancelled on ${formatDate(plans.cancelsOn)}. You will be downgraded to the Intro tier.`}
            </p>
            <Button
              ref={resumeButton}
              variant="secondary"
              size="sm"
              onClick={() => void resume()}
              loading={pending?.kind === 'resume'}
              disabled={busy}
            >
              Resume subscription
            </Button>
          </div>
        ) : null}
        {lapsed ? (
          <p className="rounded-lg bg-red-50 px-3.5 py-2.5 text-sm text-red-900">
            {LAPSED_MESSAGES[lapsed.reason]}
          </p>
        ) : usage ? (
          <p className="text-sm text-slate-600">{usageText(usage)}</p>
        ) : null}
      </div>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {plans.tiers.map((choice, index) => (
          <TierCard
            key={choice.tier}
            choice={choice}
            primary={index > currentRank}
            pending={pending?.kind === 'checkout' && pending.tier === choice.tier}
            disabled={busy}
            onChoose={() => void choose(choice.tier)}
          />
        ))}
      </ul>
      {subscriptionActions}
    </Modal>
  );
}

function TierCard({
  choice,
  primary,
  pending,
  disabled,
  onChoose,
}: {
  choice: TierChoice;
  /** A step up from the current tier (or any tier, with none): the inviting button. */
  primary: boolean;
  pending: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  const headingId = useId();
  const priceId = useId();
  const tier = TIERS[choice.tier];
  return (
    <li className="flex min-w-0">
      <section
        aria-labelledby={headingId}
        aria-current={choice.current ? 'true' : undefined}
        className={clsx(
          'flex min-w-0 flex-1 flex-col rounded-xl border p-4',
          choice.current
            ? 'border-brand-300 bg-brand-50/50 ring-1 ring-brand-200'
            : 'border-slate-200',
        )}
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            {choice.name}
          </h3>
          {choice.currentLabel ? <Badge tone="brand">{choice.currentLabel}</Badge> : null}
        </div>
        <p id={priceId} className="mt-2 flex flex-wrap items-baseline gap-x-1">
          <span className="text-2xl font-semibold tracking-tight text-slate-900">
            {choice.price}
          </span>
          <span className="text-sm text-slate-500">{choice.period}</span>
          {choice.founderFree ? <FounderBadge className="ml-1 self-center" /> : null}
        </p>
        <p className="mt-3 text-sm text-slate-700">{generationsText(tier.dailyGenerationLimit)}</p>
        <TierPlatforms tier={choice.tier} className="mt-3 space-y-1.5" />
        {choice.action ? (
          <div className="mt-auto pt-4">
            <Button
              variant={primary ? 'primary' : 'secondary'}
              fullWidth
              wrap
              onClick={onChoose}
              loading={pending}
              disabled={disabled}
              aria-describedby={`${headingId} ${priceId}`}
            >
              {choice.action}
            </Button>
          </div>
        ) : choice.founderFree && !choice.current ? (
          <p className="mt-auto pt-4 text-sm text-slate-600">
            Yours again, free, if you cancel your subscription.
          </p>
        ) : null}
      </section>
    </li>
  );
}
