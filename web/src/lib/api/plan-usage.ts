import type { PlanUsage } from '#shared/contract/companies';
import { callApi } from '../api-client';
import { apiRoute } from '../api-route';
import { useQuery } from '../query';

const route = apiRoute('GET /companies/{companyId}/usage');

export const planUsageKey = (companyId: string) => ['plan-usage', companyId] as const;

export const fetchPlanUsage = (companyId: string): Promise<PlanUsage> =>
  callApi(route, { params: { companyId } });

/**
 * What the company's plan allows today and how much of it is used (the Manage Subscription
 * dialog). Only a nicety beside the plans: a failure leaves it out, without a toast.
 */
export const usePlanUsage = (companyId: string | undefined): PlanUsage | undefined =>
  useQuery(companyId ? planUsageKey(companyId) : null, () => fetchPlanUsage(companyId!), {
    shouldRetryOnError: false,
  }).data;
