import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { Breadcrumb } from '#web/components/breadcrumb';
import { PageHeader } from '#web/components/page-header';
import { PageTour } from '#web/components/tours/page-tour';
import { TourHelpButton } from '#web/components/tours/tour-help-button';
import { messageOf } from '#web/lib/error-text';
import { useCompany } from '#web/lib/api/get-company';
import { useUpdateCompany } from './api/update-company';
import { CompanyForm } from './components/company-form';
import { companyFormTour } from './company-form-tour';
import { CompanyLoadError, CompanyPageSkeleton } from '#web/components/company-page-states';
import { COMPANY_MESSAGES } from './messages';
import { companyFormFrom } from './schemas';
import { useRouteCompanyId } from '#web/lib/use-route-company-id';

const EDIT_COMPANY_TOUR = companyFormTour(true);

const updateFailureText = (error: unknown): string =>
  messageOf(error, COMPANY_MESSAGES.updateFailed);

/** /dashboard/company/{companyId}/edit: the create form, prefilled, saving with PUT. */
export function EditCompanyPage() {
  const companyId = useRouteCompanyId();
  const navigate = useNavigate();
  const { company, error } = useCompany(companyId);
  const updateCompany = useUpdateCompany();

  if (!company) {
    return error ? <CompanyLoadError message={error} /> : <CompanyPageSkeleton />;
  }
  const overview = `/dashboard/company/${company._id}`;
  return (
    <div className="mx-auto max-w-3xl">
      <title>{`Edit ${company.name} · Sailpost`}</title>
      <PageHeader
        breadcrumb={
          <Breadcrumb items={[{ label: company.name, path: overview }, { label: 'Edit' }]} />
        }
        title="Edit company"
        description="Changes apply to every draft from now on."
        help={<TourHelpButton tour="company-form" />}
      />
      <PageTour tour="company-form" steps={EDIT_COMPANY_TOUR} ready />
      <CompanyForm
        key={company._id}
        defaultValues={companyFormFrom(company)}
        submitLabel="Save changes"
        submittingLabel="Saving…"
        cancelTo={overview}
        describeFailure={updateFailureText}
        showTimeZone
        onSubmit={async (body) => {
          await updateCompany(company._id, body);
          toast.success(COMPANY_MESSAGES.updated);
          navigate(overview);
        }}
      />
    </div>
  );
}
