import { companyEntity, type CompanyRecord } from '../db/entities/company';
import { NotFound } from '../errors';
import type { Caller } from './authenticate';

export const COMPANY_NOT_FOUND = 'Company not found';

/**
 * The one gate for every company-scoped call: loads the company and checks it belongs to the
 * caller before anything else happens. Someone else's company, and a deleted one, answer exactly
 * like a missing one.
 */
export const loadOwnedCompany = async (
  companyId: string,
  caller: Caller,
): Promise<CompanyRecord> => {
  const { data } = await companyEntity().get({ companyId }).go({ consistent: true });
  if (!data || data.deletedAt || data.userId !== caller.userId) {
    throw new NotFound('COMPANY_NOT_FOUND', COMPANY_NOT_FOUND);
  }
  return data;
};
