import useSWR from 'swr';
import { FOUNDER_ACCOUNT_CAP, foundersRemaining } from '#shared/domain/limits';
import { callApiLazily } from '../lib/lazy-api';

export interface FoundersState {
  /** Founder accounts still available; undefined while loading or when the count is unavailable. */
  remaining: number | undefined;
  isLoading: boolean;
}

/** Founder seats left: 50 minus GET /users/count/total, never below 0. */
export const useFoundersRemaining = (): FoundersState => {
  const { data, isLoading } = useSWR('users/count/total', () =>
    callApiLazily((contract) => contract.users.countTotal),
  );
  return { remaining: data ? foundersRemaining(data.total) : undefined, isLoading };
};

export const describeFounders = (remaining: number): string =>
  remaining === 0
    ? 'Founder accounts sold out'
    : `${remaining} of ${FOUNDER_ACCOUNT_CAP} founder accounts remaining`;
