import { isConditionFailure } from '../core/db/conditions';
import { companyEntity, type CompanyRecord } from '../core/db/entities/company';
import type { UserRecord } from '../core/db/entities/user';
import { NotFound } from '../core/errors';
import { COMPANY_NOT_FOUND } from '../domain/ownership/owned-company';
import { stripeClient } from '../integrations/payments/provider';
import { callingStripe } from '../integrations/payments/stripe-failures';

/**
 * Each company is one Stripe customer, made on its first checkout and kept. Two first checkouts
 * at once make one: Stripe answers the second create with the first one's customer (the
 * idempotency key is the company's, kept by Stripe for a day), and the id is stored with a
 * conditional write that only the first request wins — the loser uses the stored one.
 */
export const customerOf = async (company: CompanyRecord, owner: UserRecord): Promise<string> => {
  if (company.stripeCustomerId) return company.stripeCustomerId;
  const stripe = await stripeClient();
  const customer = await callingStripe('create customer', () =>
    stripe.customers.create(
      {
        email: owner.email,
        name: company.name,
        metadata: { companyId: company.companyId, userId: owner.userId },
      },
      { idempotencyKey: `customer-${company.companyId}` },
    ),
  );
  try {
    await companyEntity()
      .patch({ companyId: company.companyId })
      .set({ stripeCustomerId: customer.id })
      .where(
        ({ stripeCustomerId, deletedAt }, { notExists }) =>
          `${notExists(stripeCustomerId)} AND ${notExists(deletedAt)}`,
      )
      .go({ response: 'none' });
    return customer.id;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const { data: stored } = await companyEntity()
    .get({ companyId: company.companyId })
    .go({ consistent: true });
  if (!stored || stored.deletedAt || !stored.stripeCustomerId) {
    throw new NotFound('COMPANY_NOT_FOUND', COMPANY_NOT_FOUND);
  }
  return stored.stripeCustomerId;
};
