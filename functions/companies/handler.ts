import { companiesRoutes, companySummaryOf } from '#shared/contract/companies';
import { loadOwnedCompany } from '../domain/ownership/owned-company';
import { NotFound } from '../core/errors';
import { createGroupHandler } from '../core/http/group-handler';
import { createCompany, deleteCompany, listCompanyPage, updateCompany } from './companies';
import { toCompany } from '../domain/companies/company-view';
import { companyAgenda } from '../domain/publishing/company-agenda';
import { companyOverview } from './overview';
import { planUsageOf } from './plan-usage';

export const handler = createGroupHandler(companiesRoutes, {
  listForUser: async ({ params, query, caller }) => {
    // Only one's own list; another user's id answers as if they had none to show.
    if (params.userId !== caller.userId) throw new NotFound('USER_NOT_FOUND', 'User not found');
    const page = await listCompanyPage(caller.userId, query);
    // Each card says what needs doing: two queries of the company's timeline, all at once.
    const agendas = await Promise.all(page.data.map((record) => companyAgenda(record.companyId)));
    return {
      data: page.data.map((record, index) => companySummaryOf(toCompany(record), agendas[index])),
      nextCursor: page.nextCursor,
      total: page.total,
    };
  },

  get: async ({ params, caller }) => toCompany(await loadOwnedCompany(params.id, caller)),

  // The role comes from the account as read for this request (not from the token): the first 50
  // accounts are founders, and their companies are intro for life, without a trial.
  create: async ({ body, caller }) =>
    toCompany(
      await createCompany(caller.userId, body, { founder: caller.user.role === 'founder' }),
    ),

  update: async ({ params, body, caller }) => {
    const company = await loadOwnedCompany(params.id, caller);
    return toCompany(await updateCompany(company, body));
  },

  overview: ({ params, caller }) => companyOverview(params.companyId, caller),

  usage: async ({ params, caller }) =>
    planUsageOf(await loadOwnedCompany(params.companyId, caller)),

  remove: async ({ params, caller }) => {
    await deleteCompany(await loadOwnedCompany(params.id, caller));
    return { message: 'Company deleted' };
  },
});
