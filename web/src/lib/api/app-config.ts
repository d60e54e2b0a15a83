import type { AppConfig } from '#shared/contract/meta';
import { callApi } from '../api-client';
import { apiRoute } from '../api-route';
import { useQuery } from '../query';

const route = apiRoute('GET /config');

export const appConfigKey = 'meta/config';

export const fetchAppConfig = (): Promise<AppConfig> => callApi(route);

/** Until the answer arrives, or if it never does, optional features stay hidden. */
const HIDDEN: AppConfig = { stage: '', sandbox: false, googleSignIn: false, analytics: null };

/** This deployment's public configuration: sandbox mode, Google sign-in. */
export const useAppConfig = (): AppConfig => useQuery(appConfigKey, fetchAppConfig).data ?? HIDDEN;
