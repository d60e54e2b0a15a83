import { Link } from 'react-router';
import { Breadcrumb } from '#web/components/breadcrumb';
import { buttonClasses } from '#web/components/button';
import { EmptyState } from '#web/components/empty-state';
import { IconArrowLeft, IconMegaphone } from '#web/components/icons';
import { PageHeader } from '#web/components/page-header';
import { useCompany } from '#web/lib/api/get-company';
import { useRouteCompanyId } from '#web/lib/use-route-company-id';

/**
 * /dashboard/company/{companyId}/campaigns until its issue lands: a calm coming-soon page inside
 * the layout, so the link does not lead nowhere.
 */
export function CompanySectionPage() {
  const companyId = useRouteCompanyId();
  const { company } = useCompany(companyId);
  const name = company?.name ?? 'Company';
  const overview = `/dashboard/company/${companyId ?? ''}`;
  return (
    <>
      <title>{`Campaigns · ${name} · Sailpost`}</title>
      <PageHeader
        breadcrumb={
          <Breadcrumb items={[{ label: name, path: overview }, { label: 'Campaigns' }]} />
        }
        title="Campaigns"
        description={company ? `Campaigns for ${company.name}` : undefined}
      />
      <EmptyState
        headingLevel={2}
        icon={IconMegaphone}
        title="Coming soon"
        description="This feature is coming soon. Stay tuned!"
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
