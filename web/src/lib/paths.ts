/** The create-company form; /dashboard/company/new serves it too (the original app linked both). */
export const NEW_COMPANY_PATH = '/dashboard/companies/new';
