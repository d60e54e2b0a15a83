import type { SupportTicket, TicketOwner, TicketResponse } from '#shared/contract/support';
import { TIER_IDS, TIERS } from '#shared/domain/tiers';
import { companyEntity, type CompanyRecord } from '../core/db/entities/company';
import type { SupportTicketRecord } from '../core/db/entities/support-ticket';
import type { TicketResponseRecord } from '../core/db/entities/ticket-response';
import { userEntity, type UserRecord } from '../core/db/entities/user';
import { companyEffectiveTier, companyEntitlement } from '../domain/plans/entitlement';
import { attachmentViews } from './attachments';

/**
 * Tickets and responses as the API answers them. Names (the owner's, an assignee's, an author's)
 * are read when shown, never stored with the ticket: a deleted account's name goes with it, and
 * its tickets show no one ("Deleted user", `owner: null`).
 */

export const DELETED_USER = 'Deleted user';

/** Reads many items of one entity at once, again for what DynamoDB left unprocessed. */
const readMany = async <K extends object, T>(
  keys: readonly K[],
  read: (keys: K[]) => Promise<{ data: T[]; unprocessed: K[] }>,
): Promise<T[]> => {
  const found: T[] = [];
  let pending = [...keys];
  for (let round = 0; pending.length > 0; round++) {
    if (round === 4) throw new Error('DynamoDB left support reads unprocessed');
    const { data, unprocessed } = await read(pending);
    found.push(...data);
    pending = unprocessed;
  }
  return found;
};

const usersById = async (userIds: Iterable<string>): Promise<Map<string, UserRecord>> => {
  const keys = [...new Set(userIds)].map((userId) => ({ userId }));
  if (keys.length === 0) return new Map();
  const users = await readMany(keys, (batch) => userEntity().get(batch).go());
  return new Map(users.map((user) => [user.userId, user]));
};

const companiesById = async (companyIds: Iterable<string>): Promise<Map<string, CompanyRecord>> => {
  const keys = [...new Set(companyIds)].map((companyId) => ({ companyId }));
  if (keys.length === 0) return new Map();
  const companies = await readMany(keys, (batch) => companyEntity().get(batch).go());
  return new Map(
    companies
      .filter((company) => !company.deletedAt)
      .map((company) => [company.companyId, company]),
  );
};

/** A company's plan in a word or two: `Gold`, `Intro (trial)`, `Intro (founder)`, `Intro (lapsed)`. */
export const planText = (company: CompanyRecord, now: number = Date.now()): string => {
  const tier = TIERS[companyEffectiveTier(company, now)].name;
  const { kind } = companyEntitlement(company, now);
  return kind === 'subscribed' ? tier : `${tier} (${kind})`;
};

const tierRank = (company: CompanyRecord): number =>
  TIER_IDS.indexOf(companyEffectiveTier(company));

const ownerCompanies = async (ownerId: string): Promise<CompanyRecord[]> => {
  const { data } = await companyEntity().query.byOwner({ userId: ownerId }).go({ pages: 'all' });
  return data.filter((company) => !company.deletedAt);
};

const ownerView = async (owner: UserRecord): Promise<TicketOwner> => {
  const companies = await ownerCompanies(owner.userId);
  const best = [...companies].sort((a, b) => tierRank(b) - tierRank(a))[0];
  return {
    _id: owner.userId,
    firstName: owner.firstName,
    lastName: owner.lastName,
    email: owner.email,
    plan: best ? planText(best) : null,
    companies: companies.map((company) => ({
      _id: company.companyId,
      name: company.name,
      plan: planText(company),
    })),
  };
};

/** The tickets as the caller sees them: staff also see each owner. */
export const ticketViews = async (
  tickets: readonly SupportTicketRecord[],
  { staff }: { staff: boolean },
): Promise<SupportTicket[]> => {
  const signedAt = new Date();
  const [users, companies] = await Promise.all([
    usersById(
      tickets.flatMap((ticket) => [
        ...(ticket.assigneeId ? [ticket.assigneeId] : []),
        ...(staff ? [ticket.ownerId] : []),
      ]),
    ),
    companiesById(tickets.flatMap((ticket) => (ticket.companyId ? [ticket.companyId] : []))),
  ]);
  const owners = new Map<string, TicketOwner>();
  if (staff) {
    await Promise.all(
      [...new Set(tickets.map((ticket) => ticket.ownerId))].map(async (ownerId) => {
        const owner = users.get(ownerId);
        if (owner) owners.set(ownerId, await ownerView(owner));
      }),
    );
  }
  return Promise.all(
    tickets.map(async (ticket): Promise<SupportTicket> => {
      const company = ticket.companyId ? companies.get(ticket.companyId) : undefined;
      const assignee = ticket.assigneeId ? users.get(ticket.assigneeId) : undefined;
      return {
        _id: ticket.ticketId,
        subject: ticket.subject,
        description: ticket.description,
        priority: ticket.priority,
        status: ticket.status,
        createdAt: ticket.createdAt,
        updatedAt: ticket.updatedAt,
        lastActivityAt: ticket.lastActivityAt,
        responseCount: ticket.responseCount,
        staffReplied: ticket.staffReplied,
        companyId: company ? company.companyId : null,
        company: company ? { _id: company.companyId, name: company.name } : null,
        context: {
          plan: ticket.contextPlan ?? null,
          browser: ticket.contextBrowser,
          page: ticket.contextPage,
        },
        attachments: await attachmentViews(ticket.attachments, signedAt),
        firstResponseDueAt: ticket.firstResponseDueAt,
        firstRespondedAt: ticket.firstRespondedAt ?? null,
        assignee:
          ticket.assigneeId && assignee
            ? { _id: assignee.userId, firstName: assignee.firstName }
            : null,
        ...(staff ? { owner: owners.get(ticket.ownerId) ?? null } : {}),
      };
    }),
  );
};

export const ticketView = async (
  ticket: SupportTicketRecord,
  options: { staff: boolean },
): Promise<SupportTicket> => (await ticketViews([ticket], options))[0]!;

export const responseViews = async (
  responses: readonly TicketResponseRecord[],
): Promise<TicketResponse[]> => {
  const signedAt = new Date();
  const authors = await usersById(responses.map((response) => response.authorId));
  return Promise.all(
    responses.map(async (response) => ({
      _id: response.responseId,
      content: response.content,
      isStaffResponse: response.isStaffResponse,
      internal: response.internal,
      createdAt: response.createdAt,
      userId: {
        _id: response.authorId,
        firstName: authors.get(response.authorId)?.firstName ?? DELETED_USER,
      },
      attachments: await attachmentViews(response.attachments, signedAt),
    })),
  );
};
