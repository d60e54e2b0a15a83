import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useLocalTable } from '#test/support/local-table';
import { campaignEntity } from '#functions/core/db/entities/campaign';
import { companyEntity } from '#functions/core/db/entities/company';
import { Invalid } from '#functions/core/errors';
import { handler } from './handler';

describe('company-cleanup job', () => {
  useLocalTable({
    APP_URL: 'http://localhost:3000',
    JWT_SECRET: 'k'.repeat(48),
  });

  const company = async (deletedAt?: string) => {
    const companyId = randomUUID();
    await companyEntity()
      .create({
        companyId,
        userId: randomUUID(),
        name: 'Harbor Coffee',
        brandColors: [],
        deletedAt,
      })
      .go();
    await campaignEntity()
      .create({
        companyId,
        campaignId: 'c-1',
        name: 'Spring',
        startDate: '2026-03-01',
        endDate: '2026-03-31',
      })
      .go();
    return companyId;
  };
  const exists = async (companyId: string) => ({
    company: (await companyEntity().get({ companyId }).go({ consistent: true })).data !== null,
    campaign:
      (await campaignEntity().get({ companyId, campaignId: 'c-1' }).go({ consistent: true }))
        .data !== null,
  });

  it('removes a deleted company once; a second delivery answers duplicate', async () => {
    const companyId = await company(new Date().toISOString());

    expect(await handler({ companyId })).toEqual({
      status: 'done',
      result: { removedItems: 2 },
    });
    expect(await exists(companyId)).toEqual({ company: false, campaign: false });
    expect(await handler({ companyId })).toEqual({ status: 'duplicate' });
  });

  it('refuses a live company without keeping the claim, so its real deletion can clean up later', async () => {
    const companyId = await company();

    await expect(handler({ companyId })).rejects.toBeInstanceOf(Invalid);
    expect(await exists(companyId)).toEqual({ company: true, campaign: true });

    await companyEntity().patch({ companyId }).set({ deletedAt: new Date().toISOString() }).go();
    expect(await handler({ companyId })).toMatchObject({ status: 'done' });
    expect(await exists(companyId)).toEqual({ company: false, campaign: false });
  });

  it('refuses an event without a company id', async () => {
    await expect(handler({})).rejects.toBeInstanceOf(Invalid);
    await expect(handler({ companyId: '' })).rejects.toBeInstanceOf(Invalid);
  });
});
