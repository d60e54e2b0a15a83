import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';

const route = apiRoute('POST /auth/logout-all');

/** Ends every session of the account, this one included. */
export const logOutEverywhere = async (): Promise<void> => {
  await callApi(route);
};
