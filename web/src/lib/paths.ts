/** The create-company form; /dashboard/company/new serves it too (the original app linked both). */
export const NEW_COMPANY_PATH = '/dashboard/companies/new';

/** The company overview's query that opens Manage Subscription (read once, then removed). */
export const PLAN_CHOOSER = { param: 'plan', value: 'choose' } as const;

/** The company's overview with Manage Subscription open (Add Company's "upgrade" button). */
export const companyPlansPath = (companyId: string) =>
  `/dashboard/company/${companyId}?${PLAN_CHOOSER.param}=${PLAN_CHOOSER.value}`;
