import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import type { BusinessRange } from './business-numbers';

const route = apiRoute('GET /admin/business/export');

/** The same numbers as a CSV file, saved by the browser under the name the server gives. */
export const exportBusinessNumbers = async (range: BusinessRange): Promise<void> => {
  const { fileName, csv } = await callApi(route, { query: range });
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.click();
  } finally {
    // After the click has started the download.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
};
