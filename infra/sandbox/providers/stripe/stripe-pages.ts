import { TIERS } from '#shared/domain/tiers';
import { escapeHtml, signatureOf, standInPage } from '../../html';
import { viewOf, type SubscriptionView } from './stripe-account';
import type { SentEvent, StripeObject } from './stripe-store';

/**
 * The pages standing in for Stripe's: the hosted checkout (what is bought, for whom, a Pay button
 * and a way back), the customer portal (the subscription, the card on file, the invoices, a link
 * back), and the Stripe section of `/_sandbox` (every subscription, with buttons that make Stripe
 * do what it does on its own over a month: fail a payment, end the period).
 */

const STYLES = `
:root { --bg:#f5f7fb; --card:#fff; --text:#1f2937; --muted:#6b7280; --line:#e5e7eb; --accent:#635bff; --warn:#92400e; --warn-soft:#fff7e6; color-scheme: light dark; }
@media (prefers-color-scheme: dark) { :root { --bg:#0f141c; --card:#171e29; --text:#e5e9f0; --muted:#94a0b4; --line:#263041; --accent:#8f8aff; --warn:#f5c46b; --warn-soft:#2d2413; } }
* { box-sizing:border-box; }
body { margin:0; font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif; background:var(--bg); color:var(--text); }
main { max-width:480px; margin:48px auto; padding:24px; background:var(--card); border:1px solid var(--line); border-radius:14px; }
h1 { font-size:20px; margin:8px 0 4px; }
h2 { font-size:15px; margin:20px 0 6px; }
.pill { display:inline-block; font-size:12px; font-weight:600; padding:2px 10px; border-radius:999px; background:var(--warn-soft); color:var(--warn); }
.price { font-size:28px; font-weight:700; margin:10px 0 0; }
.price small { font-size:14px; font-weight:400; color:var(--muted); }
p, li, td, th { color:var(--muted); font-size:14px; }
dl { display:grid; grid-template-columns:auto 1fr; gap:4px 16px; font-size:14px; margin:14px 0; }
dt { color:var(--muted); } dd { margin:0; }
table { width:100%; border-collapse:collapse; } th, td { text-align:left; padding:4px 12px 4px 0; border-bottom:1px solid var(--line); }
.buttons { display:flex; gap:14px; align-items:center; margin-top:20px; }
button { font:inherit; padding:9px 20px; border-radius:8px; border:1px solid var(--accent); background:var(--accent); color:#fff; cursor:pointer; }
a { color:var(--accent); }
.error { color:var(--warn); }
`;

export const PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
};

export const page = (title: string, body: string): string => standInPage(title, STYLES, body);

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const dateOf = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

const companyOf = (metadata: unknown): string =>
  ((metadata ?? {}) as Record<string, string>).companyId ?? 'unknown';

export const checkoutPage = (session: StripeObject, customer: StripeObject | undefined): string => {
  const lineItem = (session.line_items as { price: string }[])[0]!;
  const tierId = ((session.metadata ?? {}) as Record<string, string>).tier;
  const tier = tierId && tierId in TIERS ? TIERS[tierId as keyof typeof TIERS] : undefined;
  const name = (customer?.name as string | null) ?? 'Your company';
  if (session.status !== 'open') {
    return page(
      'Checkout',
      `<span class="pill">Sandbox stand-in for Stripe Checkout</span><h1>This checkout is ${escapeHtml(
        String(session.status),
      )}</h1><p><a href="${escapeHtml(String(session.cancel_url))}">Back to Sailpost</a></p>`,
    );
  }
  return page(
    'Checkout',
    `<span class="pill">Sandbox stand-in for Stripe Checkout</span>
<h1>Subscribe to Sailpost ${escapeHtml(tier?.name ?? lineItem.price)}</h1>
<p class="price">${tier ? `$${tier.monthlyPrice}` : ''} <small>per month</small></p>
<dl>
<dt>Company</dt><dd>${escapeHtml(name)}</dd>
<dt>Company id</dt><dd><code>${escapeHtml(companyOf(session.metadata))}</code></dd>
<dt>Email</dt><dd>${escapeHtml((customer?.email as string | null) ?? '')}</dd>
<dt>Card</dt><dd>Visa •••• 4242 (the sandbox's test card)</dd>
</dl>
<p>Nothing is charged: paying here makes the subscription in the sandbox and sends Sailpost the signed webhook events Stripe would send.</p>
<form method="get" class="buttons">
<button type="submit" name="decision" value="pay">Pay and subscribe</button>
<a href="?decision=cancel">Cancel and go back</a>
</form>`,
  );
};

export const portalPage = (
  session: StripeObject,
  customer: StripeObject | undefined,
  subscriptions: readonly StripeObject[],
  invoices: readonly StripeObject[],
): string => {
  const subscriptionRows = subscriptions.map((subscription) => {
    const view = viewOf(subscription);
    const plan = view.tier ? TIERS[view.tier].name : view.priceId;
    const state =
      view.status === 'canceled'
        ? 'ended'
        : view.cancelAtPeriodEnd
          ? `cancels on ${dateOf(view.currentPeriodEnd)}`
          : `renews on ${dateOf(view.currentPeriodEnd)}`;
    return `<tr><td>${escapeHtml(plan)}</td><td>${dollars(view.amount)}/month</td><td>${escapeHtml(
      view.status,
    )}, ${escapeHtml(state)}</td></tr>`;
  });
  const invoiceRows = invoices.map(
    (invoice) =>
      `<tr><td>${escapeHtml(String(invoice.number))}</td><td>${dateOf(invoice.created as number)}</td><td>${dollars(
        invoice.amount_due as number,
      )}</td><td>${escapeHtml(String(invoice.status))}</td></tr>`,
  );
  return page(
    'Billing',
    `<span class="pill">Sandbox stand-in for Stripe's customer portal</span>
<h1>${escapeHtml((customer?.name as string | null) ?? 'Billing')}</h1>
<p>${escapeHtml((customer?.email as string | null) ?? '')}</p>
<h2>Subscription</h2>
${subscriptionRows.length ? `<table><tbody>${subscriptionRows.join('')}</tbody></table>` : '<p>No subscription.</p>'}
<h2>Payment method</h2>
<p>Visa •••• 4242, expires 12/2030 (the sandbox's test card)</p>
<h2>Invoices</h2>
${invoiceRows.length ? `<table><thead><tr><th>Number</th><th>Date</th><th>Amount</th><th>Status</th></tr></thead><tbody>${invoiceRows.join('')}</tbody></table>` : '<p>No invoices yet.</p>'}
<div class="buttons"><a href="${escapeHtml(String(session.return_url ?? '/'))}">← Return to Sailpost</a></div>`,
  );
};

/** A subscription as the panel and `GET /_sandbox/api/stripe/subscriptions` show it. */
export interface ListedSubscription extends SubscriptionView {
  companyId: string | null;
  currentPeriodEndIso: string;
}

export const listed = (subscription: StripeObject): ListedSubscription => {
  const view = viewOf(subscription);
  return {
    ...view,
    companyId: view.metadata.companyId ?? null,
    currentPeriodEndIso: new Date(view.currentPeriodEnd * 1000).toISOString(),
  };
};

const ACTIONS = [
  ['payment-failure', 'Payment fails'],
  ['cancel-at-period-end', 'Cancel at period end'],
  ['end-period', 'End period now'],
] as const;

const renderSubscription = (subscription: ListedSubscription, returnTo: string): string => {
  const plan = subscription.tier ? TIERS[subscription.tier].name : subscription.priceId;
  const ended = subscription.status === 'canceled';
  const buttons = ended
    ? ''
    : ACTIONS.filter(
        ([action]) => action !== 'cancel-at-period-end' || !subscription.cancelAtPeriodEnd,
      )
        .map(
          ([action, label]) =>
            `<button type="submit" name="action" value="${action}" aria-label="${escapeHtml(label)}: ${escapeHtml(subscription.id)}">${escapeHtml(label)}</button>`,
        )
        .join('');
  return `<li class="row" data-id="${escapeHtml(subscription.id)}">
  <form method="post" action="/_sandbox/stripe/subscriptions/${escapeHtml(subscription.id)}" class="row-main">
  <input type="hidden" name="returnTo" value="${escapeHtml(returnTo)}">
    <div class="row-title"><span class="badge badge-job">${escapeHtml(plan)}</span>Company <code>${escapeHtml(
      subscription.companyId ?? 'unknown',
    )}</code> · ${escapeHtml(subscription.status)}${subscription.cancelAtPeriodEnd && !ended ? ' · cancels at period end' : ''}</div>
    <div class="row-detail"><code>${escapeHtml(subscription.id)}</code> · ${escapeHtml(subscription.customer)} · period ends ${escapeHtml(
      dateOf(subscription.currentPeriodEnd),
    )}</div>
    ${buttons ? `<div style="display:flex;gap:8px;flex-wrap:wrap;margin-top:6px">${buttons}</div>` : ''}
  </form>
</li>`;
};

export const stripePanel = (
  subscriptions: readonly ListedSubscription[],
  events: readonly SentEvent[],
  returnTo: string,
  live: boolean,
): string => {
  const newestFirst = [...subscriptions].sort((a, b) => b.created - a.created);
  const signature = signatureOf([
    ...newestFirst.map(
      (item) => `${item.id}:${item.status}:${item.cancelAtPeriodEnd}:${item.priceId}`,
    ),
    String(events.length),
  ]);
  const failed = events.filter(
    (sent) => !sent.deliveries.some((delivery) => delivery.status >= 200 && delivery.status < 300),
  ).length;
  const list = newestFirst.length
    ? `<ul class="rows">${newestFirst.map((item) => renderSubscription(item, returnTo)).join('\n')}</ul>`
    : '<p class="none">No subscriptions yet. Choose a plan on a company\'s overview (Manage Subscription) and pay on the stand-in\'s checkout page.</p>';
  return `<section id="stripe" class="panel" data-region="stripe" data-signature="${escapeHtml(signature)}" aria-labelledby="stripe-title">
<div class="panel-head"><h2 class="section-title" id="stripe-title">Stripe</h2><p>${
    live
      ? 'Real Stripe keys are configured in .env: payments go to Stripe, and this stand-in is unused.'
      : "Subscriptions in the sandbox's stand-in for Stripe. The buttons do what Stripe does on its own and send the app the same signed events."
  }</p></div>
<h3>Subscriptions <span class="count">${subscriptions.length}</span></h3>
${list}
<p class="none">${events.length} events sent${failed ? `, ${failed} not accepted by the webhook` : ''} — <code>GET /_sandbox/api/stripe/events</code>.</p>
</section>`;
};
