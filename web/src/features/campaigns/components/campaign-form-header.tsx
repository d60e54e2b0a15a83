import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Company } from '#shared/contract/companies';
import { Breadcrumb, type BreadcrumbItem } from '#web/components/breadcrumb';
import { CompanyAvatar } from '#web/components/company-avatar';
import { IconArrowLeft } from '#web/components/icons';

interface CampaignFormHeaderProps {
  company: Company;
  title: string;
  breadcrumb: readonly BreadcrumbItem[];
  /** Where the back arrow goes, and what it says to a screen reader. */
  back: { to: string; label: string };
  /** Beside the title: the help icon that plays the page's tour again. */
  help?: ReactNode;
}

/** The form's header: the trail, a back arrow with the title, and a banner with the company. */
export function CampaignFormHeader({
  company,
  title,
  breadcrumb,
  back,
  help,
}: CampaignFormHeaderProps) {
  return (
    <header className="mb-6">
      <Breadcrumb items={breadcrumb} />
      <div className="mt-4 flex items-center gap-3">
        <Link
          to={back.to}
          aria-label={back.label}
          title={back.label}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-white text-slate-600 shadow-xs ring-1 ring-slate-300 ring-inset hover:bg-slate-50 hover:text-slate-900"
        >
          <IconArrowLeft aria-hidden="true" className="size-5" />
        </Link>
        <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words text-slate-900 sm:text-3xl">
          {title}
        </h1>
        {help}
      </div>
      <div className="mt-4 flex items-center gap-3 rounded-xl border border-brand-100 bg-brand-50/70 px-4 py-3">
        <CompanyAvatar name={company.name} color={company.brandColors[0]} size="sm" />
        <p className="min-w-0 text-sm text-brand-900">
          Campaign for <strong className="font-semibold break-words">{company.name}</strong>
        </p>
      </div>
    </header>
  );
}
