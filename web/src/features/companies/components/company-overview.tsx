import clsx from 'clsx';
import { useEffect, useState, type ComponentType, type ReactNode, type SVGProps } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { platformName, TIERS } from '#shared/domain/tiers';
import type { Company, CompanyOverview as Overview } from '#shared/contract/companies';
import { Alert } from '#web/components/alert';
import { Badge } from '#web/components/badge';
import { Breadcrumb } from '#web/components/breadcrumb';
import { Button, buttonClasses } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import {
  IconActivity,
  IconArrowRight,
  IconGlobe,
  IconLink,
  IconMegaphone,
  IconPencil,
  IconTrash,
} from '#web/components/icons';
import { CompanyAvatar, ColorSwatches } from '#web/components/company-avatar';
import { ManageSubscriptionModal } from '#web/components/manage-subscription-modal';
import { PlatformIcon } from '#web/components/platform-icon';
import { Skeleton } from '#web/components/skeleton';
import { Spinner } from '#web/components/spinner';
import { PlanBadges } from '#web/components/tier-badge';
import { BILLING_MESSAGES } from '#web/lib/billing-texts';
import { messageOf } from '#web/lib/error-text';
import { useArrivalHeading } from '#web/lib/focus-result';
import { websiteHost } from '#web/lib/format';
import { PLAN_CHOOSER } from '#web/lib/paths';
import { useDeleteCompany } from '../api/delete-company';
import { COMPANY_MESSAGES } from '../messages';
import { morningNoticeOf } from '../morning-notice';
import { activityDetail, NO_RECENT_ACTIVITY } from '../recent-activity';
import type { CheckoutReturnState } from '../use-checkout-return';
import { DeleteCompanyDialog } from './delete-company-dialog';
import { OverviewCardHead, OverviewListSkeleton } from './overview-card-head';
import { PausedBanner, SubscriptionIssueBanner, TrialBanner } from './subscription-banners';
import { UpNextCard } from './up-next-card';

export interface CompanyOverviewProps {
  company: Company;
  /**
   * Campaign counts, Recent Activity and connected platforms (GET /companies/{companyId}/overview);
   * undefined while they load.
   */
  overview: Overview | undefined;
  /** Back from Stripe's checkout: the payment is being confirmed, or is taking long. */
  checkoutReturn?: CheckoutReturnState;
  /** The clock for the trial banner (tests pin it). */
  now?: number;
}

/** Back from Stripe: calm while the server confirms the payment; honest when it takes long. */
function CheckoutReturnBanner({ state }: { state: NonNullable<CheckoutReturnState> }) {
  const name = TIERS[state.tier].name;
  if (state.phase === 'confirming') {
    return (
      <div
        role="status"
        className="flex items-start gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900"
      >
        <Spinner label={null} size="sm" className="mt-0.5 shrink-0 text-brand-600" />
        <div>
          <p className="font-semibold">{BILLING_MESSAGES.confirming}</p>
          <p className="mt-0.5 leading-6">
            {`Your ${name} plan starts as soon as Stripe confirms the payment. This usually takes a few seconds.`}
          </p>
        </div>
      </div>
    );
  }
  return (
    <Alert
      tone="info"
      title="Your payment is still being confirmed"
      action={
        <Button variant="secondary" size="sm" onClick={state.checkAgain}>
          Check again
        </Button>
      }
    >
      {BILLING_MESSAGES.confirmingSlow}
    </Alert>
  );
}

function StatCard({
  title,
  icon,
  children,
  action,
}: {
  title: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <section aria-label={title} className={clsx(cardClasses, 'flex flex-col p-5 sm:p-6')}>
      <OverviewCardHead title={title} icon={icon} />
      <div className="mt-4 flex-1">{children}</div>
      <div className="mt-5">{action}</div>
    </section>
  );
}

/** A count with its label; a placeholder while the overview loads. */
function Stat({ value, label }: { value: number | undefined; label: string }) {
  return (
    <div>
      {value === undefined ? (
        <Skeleton className="my-1 h-7 w-8" />
      ) : (
        <p className="text-3xl font-semibold tracking-tight text-slate-900">{value}</p>
      )}
      <p className="text-sm text-slate-600">{label}</p>
    </div>
  );
}

/** The last morning's drafts, when they did not reach the owner: why, and when they resume. */
function MorningNoticeAlert({
  overview,
  company,
  onChoosePlan,
  now,
}: {
  overview: Overview | undefined;
  company: Company;
  onChoosePlan: () => void;
  now?: number;
}) {
  const notice = morningNoticeOf(overview?.lastMorning, company.timeZone, now);
  if (!notice) return null;
  return (
    <Alert
      tone="warning"
      title={notice.title}
      action={
        notice.action === 'plans' ? (
          <Button variant="secondary" size="sm" onClick={onChoosePlan}>
            Manage Subscription
          </Button>
        ) : notice.action === 'verify-phone' ? (
          <Link to="/profile" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            Verify your phone
          </Link>
        ) : null
      }
    >
      {notice.body}
    </Alert>
  );
}

/** Which platforms are connected, and which of them need reconnecting before they can post. */
function ConnectedPlatformList({ platforms }: { platforms: Overview['connectedPlatforms'] }) {
  if (platforms.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-2" aria-label="Connected platforms">
      {platforms.map(({ platform, needsReconnection }) => (
        <li key={platform} className="flex items-center gap-2 text-sm text-slate-700">
          <PlatformIcon platform={platform} size="sm" />
          {platformName(platform)}
          {needsReconnection ? <Badge tone="warning">Needs reconnection</Badge> : null}
        </li>
      ))}
    </ul>
  );
}

/** The company overview: profile, plan, trial, platforms, campaigns and activity. */
export function CompanyOverview({
  company,
  overview,
  checkoutReturn = null,
  now,
}: CompanyOverviewProps) {
  const navigate = useNavigate();
  const arrivalHeading = useArrivalHeading();
  const deleteCompany = useDeleteCompany();
  const [params, setParams] = useSearchParams();
  const askedForPlans = params.get(PLAN_CHOOSER.param) === PLAN_CHOOSER.value;
  const [subscriptionOpen, setSubscriptionOpen] = useState(askedForPlans);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const base = `/dashboard/company/${company._id}`;
  const host = websiteHost(company.website);
  const connected = overview?.connectedPlatforms;
  const activity = overview?.recentActivity;
  const openSubscription = () => setSubscriptionOpen(true);
  const confirming = checkoutReturn?.phase === 'confirming';

  // `?plan=choose` (Add Company's upgrade button) opens the plans once; the query then goes.
  useEffect(() => {
    if (!askedForPlans) return;
    setSubscriptionOpen(true);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PLAN_CHOOSER.param);
        return next;
      },
      { replace: true },
    );
  }, [askedForPlans, setParams]);

  const confirmDelete = async () => {
    try {
      await deleteCompany(company._id);
      setDeleteOpen(false);
      toast.success(COMPANY_MESSAGES.deleted);
      navigate('/dashboard', { replace: true });
    } catch (error) {
      toast.error(messageOf(error, COMPANY_MESSAGES.deleteFailed));
    }
  };

  return (
    <>
      <title>{`${company.name} · Sailpost`}</title>
      <div className="mb-4">
        <Breadcrumb items={[{ label: company.name }]} />
      </div>

      <header className="mb-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 items-center gap-4">
            <CompanyAvatar name={company.name} color={company.brandColors[0]} size="lg" />
            <div className="min-w-0">
              <h1
                ref={arrivalHeading}
                tabIndex={-1}
                className="text-2xl font-semibold tracking-tight break-words text-slate-900 outline-none sm:text-3xl"
              >
                {company.name}
              </h1>
              <div className="mt-1.5 flex flex-wrap items-center gap-x-4 gap-y-1.5 text-sm">
                <span className="inline-flex items-center gap-2">
                  <PlanBadges company={company} />
                  <button
                    type="button"
                    onClick={openSubscription}
                    // A second checkout while the first is being confirmed would buy twice.
                    disabled={confirming}
                    className="rounded font-medium text-brand-700 hover:text-brand-900 hover:underline disabled:cursor-not-allowed disabled:text-slate-400 disabled:no-underline"
                  >
                    Manage Subscription
                  </button>
                </span>
                {host ? (
                  <a
                    href={company.website}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex items-center gap-1.5 rounded text-slate-600 hover:text-slate-900"
                  >
                    <IconGlobe aria-hidden="true" className="size-4" />
                    {host}
                  </a>
                ) : null}
              </div>
            </div>
          </div>
          <div className="flex shrink-0 gap-2">
            <Link to={`${base}/edit`} className={buttonClasses({ variant: 'secondary' })}>
              <IconPencil aria-hidden="true" className="size-4" />
              Edit
            </Link>
            <Button variant="danger-ghost" onClick={() => setDeleteOpen(true)}>
              <IconTrash aria-hidden="true" className="size-4" />
              Delete
            </Button>
          </div>
        </div>
        <p
          className={clsx(
            'mt-5 max-w-3xl text-base leading-7',
            company.description ? 'text-slate-600' : 'text-slate-400',
          )}
        >
          {company.description || 'No description'}
        </p>
      </header>

      <div className="space-y-6">
        {checkoutReturn ? <CheckoutReturnBanner state={checkoutReturn} /> : null}
        {confirming ? null : (
          <>
            <SubscriptionIssueBanner company={company} onChoosePlan={openSubscription} now={now} />
            <TrialBanner company={company} onChoosePlan={openSubscription} now={now} />
            <PausedBanner company={company} onChoosePlan={openSubscription} now={now} />
          </>
        )}
        <MorningNoticeAlert
          overview={overview}
          company={company}
          onChoosePlan={openSubscription}
          now={now}
        />

        <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
          <StatCard
            title="Platforms"
            icon={IconLink}
            action={
              <Link to={`${base}/platforms`} className={buttonClasses({ variant: 'secondary' })}>
                Manage Platforms
                <IconArrowRight aria-hidden="true" className="size-4" />
              </Link>
            }
          >
            <Stat
              value={connected?.length}
              label={connected?.length === 1 ? 'connected platform' : 'connected platforms'}
            />
            <ConnectedPlatformList platforms={connected ?? []} />
          </StatCard>
          <StatCard
            title="Campaigns"
            icon={IconMegaphone}
            action={
              <Link to={`${base}/campaigns`} className={buttonClasses({ variant: 'secondary' })}>
                Manage Campaigns
                <IconArrowRight aria-hidden="true" className="size-4" />
              </Link>
            }
          >
            <div className="flex gap-10">
              <Stat value={overview?.campaigns.active} label="active" />
              <Stat value={overview?.campaigns.draft} label="drafts" />
            </div>
          </StatCard>
        </div>

        <UpNextCard
          companyId={company._id}
          timeZone={company.timeZone}
          posts={overview?.upNext}
          now={now}
        />

        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <section
            aria-labelledby="recent-activity-title"
            className={clsx(cardClasses, 'p-5 sm:p-6 lg:col-span-2')}
          >
            <OverviewCardHead
              id="recent-activity-title"
              title="Recent Activity"
              icon={IconActivity}
              tone="slate"
            />
            {activity === undefined ? (
              <OverviewListSkeleton />
            ) : activity.length ? (
              <ul className="mt-4 divide-y divide-slate-100">
                {activity.map((item) => {
                  const detail = activityDetail(item);
                  return (
                    <li key={item.id} className="flex items-center justify-between gap-4 py-3">
                      <span className="text-sm text-slate-800">{item.text}</span>
                      {detail ? (
                        <span className="shrink-0 text-sm text-slate-500">{detail}</span>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p className="mt-4 text-sm text-slate-500">{NO_RECENT_ACTIVITY}</p>
            )}
          </section>

          <section aria-labelledby="brand-title" className={clsx(cardClasses, 'p-5 sm:p-6')}>
            <div className="flex items-center justify-between gap-3">
              <h2 id="brand-title" className="text-base font-semibold text-slate-900">
                Brand
              </h2>
              <Link
                to={`${base}/edit`}
                className="rounded text-sm font-medium text-brand-700 hover:underline"
              >
                Edit brand
              </Link>
            </div>
            <ColorSwatches colors={company.brandColors} className="mt-4" />
            <h3 className="mt-5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              Voice
            </h3>
            <p
              className={clsx(
                'mt-1 line-clamp-6 text-sm leading-6',
                company.brandVoice ? 'text-slate-700' : 'text-slate-400',
              )}
            >
              {company.brandVoice || 'No brand voice yet'}
            </p>
          </section>
        </div>
      </div>

      <ManageSubscriptionModal
        open={subscriptionOpen}
        onClose={() => setSubscriptionOpen(false)}
        company={company}
        now={now}
      />
      <DeleteCompanyDialog
        open={deleteOpen}
        company={company}
        onCancel={() => setDeleteOpen(false)}
        onConfirm={confirmDelete}
      />
    </>
  );
}
