import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_CONTENT_STATUS_FILTER,
  VISIBLE_CONTENT_STATUSES,
  type VisibleContentStatus,
} from '#shared/domain/content';
import type { PlatformId } from '#shared/domain/tiers';

/** The list's filters: '' is every platform, or every status. */
export interface ContentFilters {
  platform: PlatformId | '';
  status: VisibleContentStatus | '';
}

/**
 * Every status, in the address. Drafts, the default, need no parameter, so "all" must be said:
 * `?status=all`.
 */
export const ALL_STATUSES_PARAM = 'all';

const isStatus = (value: string): value is VisibleContentStatus =>
  (VISIBLE_CONTENT_STATUSES as readonly string[]).includes(value);

/**
 * The filters an address names (`?platform=&status=`): a platform of the campaign, a status, or
 * `status=all`; anything else (a platform the campaign dropped, a made-up status) reads as the
 * default, drafts of every platform.
 */
export const filtersOf = (
  params: URLSearchParams,
  platforms: readonly PlatformId[],
): ContentFilters => {
  const platform = params.get('platform') ?? '';
  const status = params.get('status');
  return {
    platform: (platforms as readonly string[]).includes(platform) ? (platform as PlatformId) : '',
    status:
      status === ALL_STATUSES_PARAM
        ? ''
        : status !== null && isStatus(status)
          ? status
          : DEFAULT_CONTENT_STATUS_FILTER,
  };
};

/** The address's parameters with these filters, the default ones left out; others kept as they are. */
export const withFilters = (params: URLSearchParams, filters: ContentFilters): URLSearchParams => {
  const next = new URLSearchParams(params);
  if (filters.platform) next.set('platform', filters.platform);
  else next.delete('platform');
  if (filters.status === DEFAULT_CONTENT_STATUS_FILTER) next.delete('status');
  else next.set('status', filters.status || ALL_STATUSES_PARAM);
  return next;
};

/**
 * The Content section's filters, kept in the address so that a reload or a shared link shows the
 * same posts. Changing them replaces the history entry (Back leaves the page rather than stepping
 * through filters) and keeps the scroll where it is.
 */
export const useContentFilters = (platforms: readonly PlatformId[]) => {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params, platforms);
  const setFilters = useCallback(
    (change: (current: ContentFilters) => Partial<ContentFilters>) =>
      setParams(
        (current) => {
          const now = filtersOf(current, platforms);
          return withFilters(current, { ...now, ...change(now) });
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams, platforms],
  );
  return { ...filters, setFilters };
};
