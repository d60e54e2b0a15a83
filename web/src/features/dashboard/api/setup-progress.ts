import type { CompanySummary } from '#shared/contract/companies';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useQuery } from '#web/lib/query';

const credentialsRoute = apiRoute('GET /companies/{companyId}/platform-credentials');
const campaignsRoute = apiRoute('GET /campaigns/company/{companyId}');

/**
 * How far the owner's companies are set up, for the dashboard's quick tips: whether any company
 * has a connected platform, and whether any has a campaign. Read from the lists the company
 * screens use (one campaign is enough: the answer's `total` says whether there are more).
 */
export interface SetupProgress {
  platformConnected: boolean;
  campaignCreated: boolean;
}

/**
 * Two calls a company: bounded for an owner with many (the tips guide a new owner, who has one or
 * two; someone with more has long since set one up).
 */
const COMPANIES_CHECKED = 5;

export const setupProgressKey = (companyIds: readonly string[]) =>
  ['setup-progress', ...companyIds] as const;

const companyProgress = async (companyId: string): Promise<SetupProgress> => {
  const [credentials, campaigns] = await Promise.all([
    callApi(credentialsRoute, { params: { companyId } }),
    callApi(campaignsRoute, { params: { companyId }, query: { limit: 1 } }),
  ]);
  return {
    platformConnected: credentials.some((credential) => credential.metadata.connected),
    campaignCreated: campaigns.total > 0 || campaigns.data.length > 0,
  };
};

export const fetchSetupProgress = async (companyIds: readonly string[]): Promise<SetupProgress> => {
  const each = await Promise.all(companyIds.map(companyProgress));
  return {
    platformConnected: each.some((progress) => progress.platformConnected),
    campaignCreated: each.some((progress) => progress.campaignCreated),
  };
};

const NOTHING_YET: SetupProgress = { platformConnected: false, campaignCreated: false };

/**
 * The progress across `companies`; undefined while it loads, or when it could not be read (the
 * tips are guidance: they then show without their status rather than raise an error).
 */
export const useSetupProgress = (
  companies: readonly Pick<CompanySummary, '_id'>[] | undefined,
): SetupProgress | undefined => {
  const ids = companies?.slice(0, COMPANIES_CHECKED).map((company) => company._id);
  const { data } = useQuery(
    ids && ids.length > 0 ? setupProgressKey(ids) : null,
    () => fetchSetupProgress(ids!),
    { errorRetryCount: 0 },
  );
  if (!companies) return undefined;
  return companies.length === 0 ? NOTHING_YET : data;
};
