import { useReturnParams } from '#web/lib/use-return-params';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { Company } from '#shared/contract/companies';
import { entitlementOf } from '#shared/domain/subscription';
import { TIER_IDS, TIERS, type TierId } from '#shared/domain/tiers';
import { companyKey, fetchCompany } from '#web/lib/api/get-company';
import { useRefreshCompany } from '#web/lib/api/store-company';
import { CHECKOUT_RETURN } from '#shared/domain/billing';
import { BILLING_MESSAGES } from '#web/lib/billing-texts';
import { useQuery } from '#web/lib/query';

/** How often the company is read while Stripe's confirmation is awaited. */
export const CHECKOUT_POLL_MS = 1500;
/** How long it is awaited before the overview says it may take a minute. */
export const CHECKOUT_WAIT_MS = 30_000;

/** Everything Stripe's return adds to the overview's address. */
const RETURN_PARAMS = [CHECKOUT_RETURN.param, CHECKOUT_RETURN.tierParam, 'session_id'];

const isTierId = (value: string | null): value is TierId =>
  (TIER_IDS as readonly (string | null)[]).includes(value);

/**
 * The server has the tier: the webhook recorded the subscription (paid, or being retried) on
 * the tier that was bought. Until then the overview shows what the server says, never the tier.
 */
export const checkoutConfirmed = (company: Company, tier: TierId, now?: number): boolean =>
  company.subscriptionTier === tier && entitlementOf(company, now).kind === 'subscribed';

export type CheckoutReturnState =
  /** Waiting for the server to confirm (up to CHECKOUT_WAIT_MS). */
  | { phase: 'confirming'; tier: TierId }
  /** Not confirmed in time: it may take a minute more. */
  | { phase: 'slow'; tier: TierId; checkAgain: () => void }
  | null;

/**
 * Back from Stripe's checkout on the company overview:
 * - `?checkout=success&tier=gold`: the company is read every 1.5 s until the server confirms the
 *   tier (the webhook has run), then "Your company is now on the Gold plan." and the query goes
 *   (replacing the history entry). After 30 s without it, the overview says it may take a minute
 *   and offers to check again;
 * - `?checkout=cancelled`: says the plan has not changed, and the query goes.
 */
export const useCheckoutReturn = (companyId: string | undefined): CheckoutReturnState => {
  const [params, clearQuery] = useReturnParams(RETURN_PARAMS);
  const outcome = params.get(CHECKOUT_RETURN.param);
  const tierParam = params.get(CHECKOUT_RETURN.tierParam);
  const confirming =
    outcome === CHECKOUT_RETURN.success && isTierId(tierParam) && companyId ? tierParam : null;
  const [slow, setSlow] = useState<TierId | null>(null);
  const awaited = confirming ?? slow;
  const refreshCompany = useRefreshCompany();
  // Said once per return, however often the confirmed company is read again meanwhile.
  const announced = useRef(false);

  // A reader of the company beside the page's own, polling while the tier is awaited. Its
  // failures say nothing: the next read may work, and the time-out explains a long wait.
  const { data: company, mutate } = useQuery(
    awaited && companyId ? companyKey(companyId) : null,
    () => fetchCompany(companyId!),
    {
      refreshInterval: confirming ? CHECKOUT_POLL_MS : 0,
      shouldRetryOnError: false,
      onError: () => undefined,
    },
  );

  // Cancelled, or a return the overview cannot follow (no tier): say so once and tidy up.
  useEffect(() => {
    if (outcome === null) return;
    if (outcome === CHECKOUT_RETURN.cancelled) {
      toast(BILLING_MESSAGES.checkoutCancelled, { id: 'checkout-return' });
      clearQuery();
    } else if (outcome !== CHECKOUT_RETURN.success || !isTierId(tierParam)) {
      clearQuery();
    }
  }, [outcome, tierParam, clearQuery]);

  useEffect(() => {
    if (!awaited) announced.current = false;
    if (!awaited || !company || announced.current || !checkoutConfirmed(company, awaited)) return;
    announced.current = true;
    toast.success(BILLING_MESSAGES.nowOnPlan(TIERS[awaited].name), { id: 'checkout-return' });
    setSlow(null);
    // The sidebar, the cards and the usage show the new plan too.
    refreshCompany(company._id);
    if (confirming) clearQuery();
  }, [awaited, company, confirming, clearQuery, refreshCompany]);

  useEffect(() => {
    if (!confirming) return;
    const timer = setTimeout(() => {
      setSlow(confirming);
      clearQuery();
    }, CHECKOUT_WAIT_MS);
    return () => clearTimeout(timer);
  }, [confirming, clearQuery]);

  if (confirming) return { phase: 'confirming', tier: confirming };
  if (slow) return { phase: 'slow', tier: slow, checkAgain: () => void mutate() };
  return null;
};
