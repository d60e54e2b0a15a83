import { unstable_serialize, useSWRConfig } from 'swr';
import type { Company, CompanyOverview } from '#shared/contract/companies';

/** GET /companies/{id}: the whole company (its pages, the edit form). */
export const companyKey = (companyId: string) => ['company', companyId] as const;

/** Campaign writes and plan changes revalidate it (its counts and its company change). */
export const companyOverviewKey = (companyId: string) => ['company-overview', companyId] as const;

/**
 * The whole company as another read has already cached it — the company itself, or its overview
 * — to paint a company page at once while its own read is under way. Never the list's summary:
 * it is not the whole company.
 */
export const useCachedCompany = (companyId: string | undefined): Company | undefined => {
  const { cache } = useSWRConfig();
  if (!companyId) return undefined;
  const company = cache.get(unstable_serialize(companyKey(companyId)))?.data as Company | undefined;
  const overview = cache.get(unstable_serialize(companyOverviewKey(companyId)))?.data as
    CompanyOverview | undefined;
  return company ?? overview?.company;
};
