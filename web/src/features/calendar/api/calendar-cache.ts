import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { planUsageKey } from '#web/lib/api/plan-usage';

/** The calendar's reads of a company are cached under keys starting with these. */
export const COMPANY_POSTS_KEY = 'company-posts';
export const COMPANY_DRAFTS_KEY = 'company-drafts';

const isCalendarReadOf = (companyId: string) => (key: unknown) =>
  Array.isArray(key) &&
  (key[0] === COMPANY_POSTS_KEY || key[0] === COMPANY_DRAFTS_KEY) &&
  key[1] === companyId;

/**
 * After a post of the company is approved, moved or sent back for changes: every window of its
 * calendar and its drafts waiting are read again (and the plan usage, which a revision spends).
 */
export const useCalendarRefresh = () => {
  const { mutate } = useSWRConfig();
  return useCallback(
    (companyId: string) => {
      void mutate(isCalendarReadOf(companyId));
      void mutate(planUsageKey(companyId));
    },
    [mutate],
  );
};
