import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { Breadcrumb } from '#web/components/breadcrumb';
import { PageHeader } from '#web/components/page-header';
import { COMPANY_MESSAGES } from './api/messages';
import { useCompany } from './api/use-company';
import { useCompanyMutations } from './api/use-company-mutations';
import { CompanyForm } from './components/company-form';
import { CompanyLoadError, CompanyPageSkeleton } from './components/page-states';
import { companyFormFrom } from './schemas';
import { useRouteCompanyId } from './use-route-company-id';

/** /dashboard/company/{companyId}/edit: the create form, prefilled, saving with PUT. */
export function EditCompanyPage() {
  const companyId = useRouteCompanyId();
  const navigate = useNavigate();
  const { company, error } = useCompany(companyId);
  const { updateCompany } = useCompanyMutations();

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
      />
      <CompanyForm
        key={company._id}
        defaultValues={companyFormFrom(company)}
        submitLabel="Save changes"
        submittingLabel="Saving…"
        cancelTo={overview}
        failureMessage={COMPANY_MESSAGES.updateFailed}
        onSubmit={async (body) => {
          try {
            await updateCompany(company._id, body);
          } catch (failure) {
            toast.error(COMPANY_MESSAGES.updateFailed);
            throw failure;
          }
          toast.success(COMPANY_MESSAGES.updated);
          navigate(overview);
        }}
      />
    </div>
  );
}
