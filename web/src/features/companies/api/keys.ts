/** SWR cache keys of the companies feature; mutations refresh these. */
export const companiesKey = (userId: string) => ['companies', userId] as const;
export const companyKey = (companyId: string) => ['company', companyId] as const;
