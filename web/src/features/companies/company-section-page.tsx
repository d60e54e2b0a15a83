import { Link, useLocation } from 'react-router';
import { Breadcrumb } from '#web/components/breadcrumb';
import { buttonClasses } from '#web/components/button';
import { EmptyState } from '#web/components/empty-state';
import { IconArrowLeft, IconLink, IconMegaphone } from '#web/components/icons';
import { PageHeader } from '#web/components/page-header';
import { useCompany } from './api/get-company';
import { useRouteCompanyId } from './use-route-company-id';

const SECTIONS = {
  platforms: {
    title: 'Platforms',
    icon: IconLink,
    description: (name: string) => `Managing platforms for ${name}`,
    notice:
      'Connecting X and LinkedIn arrives in the next update. Your company profile is ready for it.',
  },
  campaigns: {
    title: 'Campaigns',
    icon: IconMegaphone,
    description: (name: string) => `Campaigns for ${name}`,
    notice: 'This feature is coming soon. Stay tuned!',
  },
} as const;

/**
 * /dashboard/company/{companyId}/platforms and /campaigns until their issues land: a calm
 * coming-soon page inside the layout, so the links do not lead nowhere.
 */
export function CompanySectionPage() {
  const { pathname } = useLocation();
  const section = pathname.replace(/\/$/, '').endsWith('/platforms') ? 'platforms' : 'campaigns';
  const { title, icon, description, notice } = SECTIONS[section];
  const companyId = useRouteCompanyId();
  const { company } = useCompany(companyId);
  const name = company?.name ?? 'Company';
  const overview = `/dashboard/company/${companyId ?? ''}`;
  return (
    <>
      <title>{`${title} · ${name} · Sailpost`}</title>
      <PageHeader
        breadcrumb={<Breadcrumb items={[{ label: name, path: overview }, { label: title }]} />}
        title={title}
        description={company ? description(company.name) : undefined}
      />
      <EmptyState
        headingLevel={2}
        icon={icon}
        title="Coming soon"
        description={notice}
        action={
          <Link to={overview} className={buttonClasses({ variant: 'secondary' })}>
            <IconArrowLeft aria-hidden="true" className="size-4" />
            Back to overview
          </Link>
        }
      />
    </>
  );
}
