import useSWR from 'swr';
import type { AppConfig } from '#shared/contract/meta';
import { callApiLazily } from '../lib/lazy-api';

/** Until the answer arrives, or if it never does, optional features stay hidden. */
const HIDDEN: AppConfig = { stage: '', sandbox: false, googleSignIn: false };

/** This deployment's public configuration (GET /api/config): sandbox mode, Google sign-in. */
export const useAppConfig = (): AppConfig => {
  const { data } = useSWR('meta/config', () => callApiLazily((contract) => contract.meta.config));
  return data ?? HIDDEN;
};
