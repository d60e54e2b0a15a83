import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { Breadcrumb } from '#web/components/breadcrumb';
import { PageHeader } from '#web/components/page-header';
import { COMPANY_MESSAGES } from './api/messages';
import { useCompanyMutations } from './api/use-company-mutations';
import { CompanyForm } from './components/company-form';
import { emptyCompanyForm } from './schemas';

const initialValues = emptyCompanyForm();

/** /dashboard/companies/new and /dashboard/company/new (both readings of the spec). */
export function NewCompanyPage() {
  const navigate = useNavigate();
  const { createCompany } = useCompanyMutations();
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
      />
      <CompanyForm
        defaultValues={initialValues}
        submitLabel="Create company"
        submittingLabel="Creating company…"
        cancelTo="/dashboard"
        failureMessage={COMPANY_MESSAGES.createFailed}
        onSubmit={async (body) => {
          const company = await createCompany(body);
          toast.success(COMPANY_MESSAGES.created);
          navigate(`/dashboard/company/${company._id}`);
        }}
      />
    </div>
  );
}
