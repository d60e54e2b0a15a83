import type { PerformanceExport } from '#shared/contract/performance';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';

const route = apiRoute('GET /companies/{companyId}/performance/export');

/** Every published post's latest results as CSV text, with the name to save it under. */
export const fetchPerformanceExport = (companyId: string): Promise<PerformanceExport> =>
  callApi(route, { params: { companyId } });
