import clsx from 'clsx';
import { useState, type ComponentType, type ReactNode, type SVGProps } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import type { Company } from '#shared/contract/companies';
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
import { TierBadge } from '#web/components/tier-badge';
import { messageOf } from '#web/lib/error-text';
import { websiteHost } from '#web/lib/format';
import { useDeleteCompany } from '../api/delete-company';
import { COMPANY_MESSAGES } from '../messages';
import {
  connectedPlatforms as connectedPlatformsOf,
  countCampaigns,
  NO_RECENT_ACTIVITY,
  platformName,
  recentActivity,
  type CampaignSummary,
  type PlatformConnection,
} from '../recent-activity';
import { DeleteCompanyDialog } from './delete-company-dialog';
import { SubscriptionIssueBanner, TrialBanner } from './subscription-banners';

export interface CompanyOverviewProps {
  company: Company;
  /** The company's platform connections; [] until platform connections arrive. */
  connectedPlatforms: readonly PlatformConnection[];
  /** The company's campaigns; [] until campaigns arrive. */
  campaigns: readonly CampaignSummary[];
  /** The clock for the trial banner (tests pin it). */
  now?: number;
}

function StatCard({
  title,
  icon: Icon,
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
      <div className="flex items-center gap-3">
        <span className="flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      </div>
      <div className="mt-4 flex-1">{children}</div>
      <div className="mt-5">{action}</div>
    </section>
  );
}

function Stat({ value, label }: { value: number; label: string }) {
  return (
    <div>
      <p className="text-3xl font-semibold tracking-tight text-slate-900">{value}</p>
      <p className="text-sm text-slate-600">{label}</p>
    </div>
  );
}

/** Which platforms are connected, and which of them need reconnecting before they can post. */
function ConnectedPlatformList({
  platforms,
}: {
  platforms: ReturnType<typeof connectedPlatformsOf>;
}) {
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
  connectedPlatforms,
  campaigns,
  now,
}: CompanyOverviewProps) {
  const navigate = useNavigate();
  const deleteCompany = useDeleteCompany();
  const [subscriptionOpen, setSubscriptionOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const base = `/dashboard/company/${company._id}`;
  const host = websiteHost(company.website);
  const connected = connectedPlatformsOf(connectedPlatforms);
  const activity = recentActivity({ campaigns, connectedPlatforms });
  const openSubscription = () => setSubscriptionOpen(true);

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
              <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900 sm:text-3xl">
                {company.name}
              </h1>
              <div className="mt-1.5 flex flex-wrap items-center gap-x-4 gap-y-1.5 text-sm">
                <span className="inline-flex items-center gap-2">
                  <TierBadge tier={company.subscriptionTier} />
                  <button
                    type="button"
                    onClick={openSubscription}
                    className="rounded font-medium text-brand-700 hover:text-brand-900 hover:underline"
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
        <SubscriptionIssueBanner company={company} onChoosePlan={openSubscription} />
        <TrialBanner company={company} onChoosePlan={openSubscription} now={now} />

        <div className="grid gap-6 md:grid-cols-2">
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
              value={connected.length}
              label={connected.length === 1 ? 'connected platform' : 'connected platforms'}
            />
            <ConnectedPlatformList platforms={connected} />
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
              <Stat value={countCampaigns(campaigns, 'active')} label="active" />
              <Stat value={countCampaigns(campaigns, 'draft')} label="drafts" />
            </div>
          </StatCard>
        </div>

        <div className="grid gap-6 lg:grid-cols-3">
          <section
            aria-labelledby="recent-activity-title"
            className={clsx(cardClasses, 'p-5 sm:p-6 lg:col-span-2')}
          >
            <div className="flex items-center gap-3">
              <span className="flex size-9 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
                <IconActivity aria-hidden="true" className="size-5" />
              </span>
              <h2 id="recent-activity-title" className="text-base font-semibold text-slate-900">
                Recent Activity
              </h2>
            </div>
            {activity.length ? (
              <ul className="mt-4 divide-y divide-slate-100">
                {activity.map((item) => (
                  <li key={item.id} className="flex items-center justify-between gap-4 py-3">
                    <span className="text-sm text-slate-800">{item.text}</span>
                    {item.detail ? (
                      <span className="shrink-0 text-sm text-slate-500">{item.detail}</span>
                    ) : null}
                  </li>
                ))}
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
      />
      <DeleteCompanyDialog
        open={deleteOpen}
        companyName={company.name}
        onCancel={() => setDeleteOpen(false)}
        onConfirm={confirmDelete}
      />
    </>
  );
}
