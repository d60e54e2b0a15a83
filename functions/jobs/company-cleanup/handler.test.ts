import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocalTable } from '#test/support/local-table';
import { campaignEntity } from '#functions/core/db/entities/campaign';
import { campaignRefEntity } from '#functions/core/db/entities/campaign-ref';
import { companyEntity } from '#functions/core/db/entities/company';
import { Invalid } from '#functions/core/errors';
import { removeCompanyMediaObjects } from '#functions/media/campaign-media-removal';
import { handler } from './handler';
import { seedCampaign, seedCompany } from '#test/support/seed';

// The media bucket is S3's (the API tests run the job against the sandbox's S3 emulator).
vi.mock('#functions/media/campaign-media-removal', () => ({
  removeCompanyMediaObjects: vi.fn(() => Promise.resolve(0)),
}));

describe('company-cleanup job', () => {
  useLocalTable({
    APP_URL: 'http://localhost:3000',
    JWT_SECRET: 'k'.repeat(48),
  });
  beforeEach(() => vi.mocked(removeCompanyMediaObjects).mockClear());

  const company = async (deletedAt?: string) => {
    const { companyId } = await seedCompany({ deletedAt });
    await seedCampaign(companyId, { campaignId: `c-${companyId}` }, { withRef: true });
    return companyId;
  };
  const exists = async (companyId: string) => ({
    company: (await companyEntity().get({ companyId }).go({ consistent: true })).data !== null,
    campaign:
      (
        await campaignEntity()
          .get({ companyId, campaignId: `c-${companyId}` })
          .go({ consistent: true })
      ).data !== null,
  });
  const refExists = async (companyId: string) =>
    (
      await campaignRefEntity()
        .get({ campaignId: `c-${companyId}` })
        .go({ consistent: true })
    ).data !== null;

  it('removes a deleted company once; a second delivery answers duplicate', async () => {
    const companyId = await company(new Date().toISOString());

    expect(await handler({ companyId })).toEqual({
      status: 'done',
      result: { removedItems: 2 },
    });
    expect(await exists(companyId)).toEqual({ company: false, campaign: false });
    // Its campaigns' pointers (outside its partition) and its media files went too.
    expect(await refExists(companyId)).toBe(false);
    expect(removeCompanyMediaObjects).toHaveBeenCalledExactlyOnceWith(companyId);
    expect(await handler({ companyId })).toEqual({ status: 'duplicate' });
  });

  it('refuses a live company without keeping the claim, so its real deletion can clean up later', async () => {
    const companyId = await company();

    await expect(handler({ companyId })).rejects.toBeInstanceOf(Invalid);
    expect(await exists(companyId)).toEqual({ company: true, campaign: true });
    expect(await refExists(companyId)).toBe(true);
    expect(removeCompanyMediaObjects).not.toHaveBeenCalled();

    await companyEntity().patch({ companyId }).set({ deletedAt: new Date().toISOString() }).go();
    expect(await handler({ companyId })).toMatchObject({ status: 'done' });
    expect(await exists(companyId)).toEqual({ company: false, campaign: false });
  });

  it('refuses an event without a company id', async () => {
    await expect(handler({})).rejects.toBeInstanceOf(Invalid);
    await expect(handler({ companyId: '' })).rejects.toBeInstanceOf(Invalid);
  });
});
