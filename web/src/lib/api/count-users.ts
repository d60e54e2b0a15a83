import { FOUNDER_ACCOUNT_CAP, foundersRemaining } from '#shared/domain/limits';
import { callApi } from '../api-client';
import { apiRoute } from '../api-route';
import { useQuery } from '../query';

const route = apiRoute('GET /users/count/total');

export const userCountKey = 'users/count/total';

export const fetchUserCount = async (): Promise<number> => (await callApi(route)).total;

export interface FoundersState {
  /** Founder accounts still available; undefined while loading or when the count is unavailable. */
  remaining: number | undefined;
  isLoading: boolean;
}

/** Founder seats left: 50 minus the number of accounts, never below 0. */
export const useFoundersRemaining = (): FoundersState => {
  const { data, isLoading } = useQuery(userCountKey, fetchUserCount);
  return { remaining: data === undefined ? undefined : foundersRemaining(data), isLoading };
};

export const describeFounders = (remaining: number): string =>
  remaining === 0
    ? 'Founder accounts sold out'
    : `${remaining} of ${FOUNDER_ACCOUNT_CAP} founder accounts remaining`;
