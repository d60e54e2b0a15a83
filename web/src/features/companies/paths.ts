/** Where the create-company form lives (spec 1 §2 gives two readings; both routes serve it). */
export const NEW_COMPANY_PATH = '/dashboard/companies/new';
