import { companyEntity, type CompanyRecord } from '../db/entities/company';
import { NotFound } from '../errors';
import type { Caller } from './authenticate';

export const COMPANY_NOT_FOUND = 'Company not found';

/**
 * The company, if `userId` owns it. Someone else's company, and a deleted one, answer exactly like
 * a missing one. For the few places that act for a user without a session of theirs in the
 * request (an OAuth callback, bound to the user when it began); routes use `loadOwnedCompany`.
 */
export const loadCompanyOwnedBy = async (
  companyId: string,
  userId: string,
): Promise<CompanyRecord> => {
  const { data } = await companyEntity().get({ companyId }).go({ consistent: true });
  if (!data || data.deletedAt || data.userId !== userId) {
    throw new NotFound('COMPANY_NOT_FOUND', COMPANY_NOT_FOUND);
  }
  return data;
};

/**
 * The one gate for every company-scoped call: loads the company and checks it belongs to the
 * caller before anything else happens. Someone else's company, and a deleted one, answer exactly
 * like a missing one.
 */
export const loadOwnedCompany = (companyId: string, caller: Caller): Promise<CompanyRecord> =>
  loadCompanyOwnedBy(companyId, caller.userId);
