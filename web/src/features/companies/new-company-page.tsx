import clsx from 'clsx';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { INTRO_TIER_LIMIT_MESSAGE, type CompanySummary } from '#shared/contract/companies';
import { INTRO_TIER_COMPANY_LIMIT } from '#shared/domain/limits';
import { effectiveTierOf } from '#shared/domain/subscription';
import { Breadcrumb } from '#web/components/breadcrumb';
import { buttonClasses } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { IconBuilding } from '#web/components/icons';
import { PageHeader } from '#web/components/page-header';
import { PageTour } from '#web/components/tours/page-tour';
import { TourHelpButton } from '#web/components/tours/tour-help-button';
import { CompanyPageSkeleton } from '#web/components/company-page-states';
import { useCompanies } from '#web/lib/api/list-companies';
import { hasCode, messageOf } from '#web/lib/error-text';
import { FOCUS_HEADING } from '#web/lib/focus-result';
import { companyPlansPath } from '#web/lib/paths';
import { useCreateCompany } from './api/create-company';
import { CompanyForm } from './components/company-form';
import { companyFormTour } from './company-form-tour';
import { COMPANY_MESSAGES } from './messages';
import { emptyCompanyForm } from './schemas';

/** The intro tier's one-company limit is explained; any other failure in the server's words. */
const createFailureText = (error: unknown): string =>
  hasCode(error, 'COMPANY_LIMIT_REACHED')
    ? INTRO_TIER_LIMIT_MESSAGE
    : messageOf(error, COMPANY_MESSAGES.createFailed);

/**
 * The company an owner must upgrade before adding another: with every company on the intro tier
 * (the tier that applies now: a trial, a founder's free intro, a lapsed plan), the intro tier's
 * one company is taken. Null when another company may be added. The server decides in the end
 * (COMPANY_LIMIT_REACHED); this only says so before the form is filled in.
 */
export const companyToUpgrade = (companies: readonly CompanySummary[]): CompanySummary | null =>
  companies.length >= INTRO_TIER_COMPANY_LIMIT &&
  companies.every((company) => effectiveTierOf(company) === 'intro')
    ? (companies[0] ?? null)
    : null;

function IntroLimitCard({ company }: { company: CompanySummary }) {
  return (
    <section
      aria-labelledby="intro-limit-title"
      className={clsx(cardClasses, 'flex flex-col items-start gap-4 p-6 sm:flex-row sm:p-8')}
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <IconBuilding aria-hidden="true" className="size-6" />
      </span>
      <div className="min-w-0">
        <h2 id="intro-limit-title" className="text-base font-semibold text-slate-900">
          Upgrade to add another company
        </h2>
        <p className="mt-1.5 text-sm leading-6 text-slate-700">{INTRO_TIER_LIMIT_MESSAGE}</p>
        <p className="mt-1 text-sm leading-6 text-slate-600">
          {`${company.name} is on the Intro tier. Any paid plan for it lets you add more companies.`}
        </p>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          <Link to={companyPlansPath(company._id)} className={buttonClasses()}>
            {`Upgrade ${company.name}`}
          </Link>
          <Link to="/dashboard" className={buttonClasses({ variant: 'ghost' })}>
            Back to dashboard
          </Link>
        </div>
      </div>
    </section>
  );
}

const NEW_COMPANY_TOUR = companyFormTour(false);

/** /dashboard/companies/new and /dashboard/company/new. */
export function NewCompanyPage() {
  const navigate = useNavigate();
  const createCompany = useCreateCompany();
  const { companies, isLoading } = useCompanies();
  // Once a company is being created, the list that gains it does not turn the form into the card.
  const [creating, setCreating] = useState(false);
  // Read when the page opens: the browser's time zone goes with the new company.
  const [initialValues] = useState(emptyCompanyForm);
  const toUpgrade = isLoading || creating ? null : companyToUpgrade(companies);
  // The list is usually in the cache already (the sidebar reads it); the form waits for it so
  // that nobody fills it in only to hear about the limit.
  const waiting = isLoading && companies.length === 0;
  return (
    <div className="mx-auto max-w-3xl">
      <title>New company · Sailpost</title>
      <PageHeader
        breadcrumb={
          <Breadcrumb
            items={[{ label: 'Companies', path: '/dashboard/companies' }, { label: 'New company' }]}
          />
        }
        title="Add a company"
        description="Tell Sailpost about your business so every draft sounds like you."
        help={toUpgrade || waiting ? undefined : <TourHelpButton tour="company-form" />}
      />
      <PageTour tour="company-form" steps={NEW_COMPANY_TOUR} ready={!waiting && !toUpgrade} />
      {waiting ? (
        <CompanyPageSkeleton label="Loading your companies" />
      ) : toUpgrade ? (
        <IntroLimitCard company={toUpgrade} />
      ) : (
        <CompanyForm
          defaultValues={initialValues}
          submitLabel="Create company"
          submittingLabel="Creating company…"
          cancelTo="/dashboard"
          describeFailure={createFailureText}
          onSubmit={async (body) => {
            setCreating(true);
            try {
              const company = await createCompany(body);
              toast.success(COMPANY_MESSAGES.created);
              // The new company's page is the result: its heading takes the focus.
              navigate(`/dashboard/company/${company._id}`, { state: FOCUS_HEADING });
            } catch (error) {
              setCreating(false);
              throw error;
            }
          }}
        />
      )}
    </div>
  );
}
