import { useCallback, useState } from 'react';
import toast from 'react-hot-toast';
import { useSWRConfig } from 'swr';
import {
  companySummaryOf,
  type Company,
  type CompanyPage,
  type CompanySummary,
} from '#shared/contract/companies';
import { callApi } from '../api-client';
import { apiRoute } from '../api-route';
import { failureText, isSessionEnded } from '../error-text';
import { useQuery } from '../query';
import { useSession } from '../session';

const route = apiRoute('GET /companies/user/{userId}');

export const companiesKey = (userId: string) => ['companies', userId] as const;

/** The API's largest page: an owner's handful of companies is one call. */
export const COMPANIES_PAGE_SIZE = 100;
/**
 * Pages read in one go (1,000 companies). The sidebar, the cards and the platforms index list
 * them all; an owner with more sees 'Load more' on the companies page.
 */
export const COMPANY_PAGES_AT_ONCE = 10;

/** The user's companies as loaded: summaries, oldest first, and what is left to load. */
export interface CompanyList {
  companies: CompanySummary[];
  /** How many the user has (the server's count). */
  total: number;
  /** Where the next page starts; null when every company is loaded. */
  nextCursor: string | null;
}

/**
 * Reads pages of the user's companies, following `nextCursor`, from `cursor` on (the start
 * without one), at most `pages` of them.
 */
export const fetchCompanyPages = async (
  userId: string,
  { cursor, pages = COMPANY_PAGES_AT_ONCE }: { cursor?: string; pages?: number } = {},
): Promise<CompanyList> => {
  const companies: CompanySummary[] = [];
  let next: string | null | undefined = cursor;
  let total = 0;
  for (let read = 0; read < pages; read++) {
    const page: CompanyPage = await callApi(route, {
      params: { userId },
      query: { limit: COMPANIES_PAGE_SIZE, ...(next ? { cursor: next } : {}) },
    });
    companies.push(...page.data);
    total = page.total;
    next = page.nextCursor;
    if (!next) break;
  }
  return { companies, total, nextCursor: next ?? null };
};

/** Every company of the user, up to COMPANY_PAGES_AT_ONCE pages. */
export const fetchCompanies = (userId: string): Promise<CompanyList> => fetchCompanyPages(userId);

/* ----- Keeping the list coherent with what the app saved ----- */

const EMPTY_LIST: CompanyList = { companies: [], total: 0, nextCursor: null };

/** The list with a saved company's summary in its place; a list without it stays as it is. */
export const withSavedCompany = (
  list: CompanyList | undefined,
  company: Company,
): CompanyList | undefined =>
  list?.companies.some((c) => c._id === company._id)
    ? {
        ...list,
        companies: list.companies.map((c) =>
          // Saving a company changes none of its posts: its agenda stays as read.
          c._id === company._id ? companySummaryOf(company, c.agenda) : c,
        ),
      }
    : list;

/** The list with a created company at its end (the newest is last), counted. */
export const withCreatedCompany = (
  list: CompanyList | undefined,
  company: Company,
): CompanyList => {
  const current = list ?? EMPTY_LIST;
  if (current.companies.some((c) => c._id === company._id))
    return withSavedCompany(current, company)!;
  return {
    ...current,
    companies: [...current.companies, companySummaryOf(company)],
    total: current.total + 1,
  };
};

/** The list without a deleted company. */
export const withoutCompany = (
  list: CompanyList | undefined,
  companyId: string,
): CompanyList | undefined =>
  list && {
    ...list,
    companies: list.companies.filter((c) => c._id !== companyId),
    total: Math.max(0, list.total - 1),
  };

/* ----- The hook ----- */

const EMPTY: readonly CompanySummary[] = [];

export const LOAD_COMPANIES_FAILED = 'Failed to load companies. Please try again.';

const toastLoadFailure = (failure: unknown) => {
  if (isSessionEnded(failure)) return;
  // One toast however many screens (and the retry) report the same failure.
  toast.error(failureText('load companies', failure), { id: 'companies-load-failed' });
};

export interface CompaniesState {
  /** The user's companies; [] while loading and when loading failed (fails soft). */
  companies: readonly CompanySummary[];
  /** How many the user has; more than `companies.length` while some are left to load. */
  total: number;
  isLoading: boolean;
  /** The inline failure text after a failure, else null. */
  error: string | null;
  retry: () => void;
  /** Whether companies are left to load (an owner with more than COMPANY_PAGES_AT_ONCE pages). */
  hasMore: boolean;
  isLoadingMore: boolean;
  /** Loads the next pages and adds them to the list (a failure toasts; the list stays). */
  loadMore: () => Promise<void>;
}

/**
 * The signed-in user's companies, as summaries (the sidebar, the dashboard and the companies
 * screens): every page loaded at once (a hundred a call, so one call for nearly everyone), once
 * per user and not refetched on its own; the company mutations keep it current. A screen that
 * needs a whole company reads it with `useCompany` or the overview, never from here.
 */
export const useCompanies = (): CompaniesState => {
  const userId = useSession().user?._id;
  const { mutate: mutateKey } = useSWRConfig();
  const [isLoadingMore, setLoadingMore] = useState(false);
  const { data, error, isLoading, mutate } = useQuery(
    userId ? companiesKey(userId) : null,
    () => fetchCompanies(userId!),
    {
      revalidateIfStale: false,
      revalidateOnReconnect: false,
      onError: toastLoadFailure,
    },
  );
  const nextCursor = data?.nextCursor ?? null;
  const loadMore = useCallback(async () => {
    if (!userId || !nextCursor) return;
    setLoadingMore(true);
    try {
      const more = await fetchCompanyPages(userId, { cursor: nextCursor });
      await mutateKey<CompanyList>(
        companiesKey(userId),
        (list) => {
          if (!list) return list;
          const known = new Set(list.companies.map((company) => company._id));
          return {
            companies: [...list.companies, ...more.companies.filter((c) => !known.has(c._id))],
            total: more.total,
            nextCursor: more.nextCursor,
          };
        },
        { revalidate: false },
      );
    } catch (failure) {
      toastLoadFailure(failure);
    } finally {
      setLoadingMore(false);
    }
  }, [mutateKey, nextCursor, userId]);
  return {
    companies: data?.companies ?? EMPTY,
    total: data?.total ?? 0,
    isLoading,
    error: error && !data ? LOAD_COMPANIES_FAILED : null,
    retry: () => void mutate(),
    hasMore: nextCursor !== null,
    isLoadingMore,
    loadMore,
  };
};
