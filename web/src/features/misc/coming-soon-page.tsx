import { useLocation } from 'react-router';
import { Breadcrumb } from '#web/components/breadcrumb';
import { EmptyState } from '#web/components/empty-state';
import { IconSparkles } from '#web/components/icons';
import { PageHeader } from '#web/components/page-header';

/** Titles of the signed-in screens that later issues fill in. */
const TITLES: Record<string, string> = {
  '/dashboard/campaigns': 'Campaigns',
};

export function ComingSoonPage() {
  const { pathname } = useLocation();
  const title = TITLES[pathname.replace(/\/$/, '')] ?? 'Sailpost';
  return (
    <>
      <title>{`${title} · Sailpost`}</title>
      <PageHeader title={title} breadcrumb={<Breadcrumb items={[{ label: title }]} />} />
      <EmptyState
        headingLevel={2}
        icon={IconSparkles}
        title="Coming soon"
        description="This feature is coming soon. Stay tuned!"
      />
    </>
  );
}
