import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { INTRO_TIER_LIMIT_MESSAGE } from '#shared/contract/companies';
import { Breadcrumb } from '#web/components/breadcrumb';
import { PageHeader } from '#web/components/page-header';
import { hasCode, messageOf } from '#web/lib/error-text';
import { useCreateCompany } from './api/create-company';
import { CompanyForm } from './components/company-form';
import { COMPANY_MESSAGES } from './messages';
import { emptyCompanyForm } from './schemas';

const initialValues = emptyCompanyForm();

/** The intro tier's one-company limit is explained; any other failure in the server's words. */
const createFailureText = (error: unknown): string =>
  hasCode(error, 'COMPANY_LIMIT_REACHED')
    ? INTRO_TIER_LIMIT_MESSAGE
    : messageOf(error, COMPANY_MESSAGES.createFailed);

/** /dashboard/companies/new and /dashboard/company/new. */
export function NewCompanyPage() {
  const navigate = useNavigate();
  const createCompany = useCreateCompany();
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
        describeFailure={createFailureText}
        onSubmit={async (body) => {
          const company = await createCompany(body);
          toast.success(COMPANY_MESSAGES.created);
          navigate(`/dashboard/company/${company._id}`);
        }}
      />
    </div>
  );
}
