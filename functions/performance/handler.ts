import { performanceRoutes } from '#shared/contract/performance';
import { loadOwnedCompany } from '../domain/ownership/owned-company';
import { companyTimeZone } from '../domain/companies/company-time-zone';
import { loadResultTotals } from '../domain/results/stored-totals';
import { createGroupHandler } from '../core/http/group-handler';
import { bestTimesOf } from './best-times';
import { exportResults } from './csv-export';
import { performanceOf } from './summary';

export const handler = createGroupHandler(performanceRoutes, {
  summary: async ({ params, query, caller }) => {
    const company = await loadOwnedCompany(params.companyId, caller);
    return performanceOf(company.companyId, companyTimeZone(company), query.weeks, new Date());
  },

  bestTimes: async ({ params, caller }) => {
    const company = await loadOwnedCompany(params.companyId, caller);
    return bestTimesOf(
      await loadResultTotals(company.companyId),
      companyTimeZone(company),
      new Date(),
    );
  },

  export: async ({ params, caller }) => {
    const company = await loadOwnedCompany(params.companyId, caller);
    return exportResults(company.companyId);
  },
});
