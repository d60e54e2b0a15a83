import { campaignsRoutes } from '#shared/contract/campaigns';
import { CAMPAIGN_TOASTS } from '#shared/domain/campaigns';
import { loadOwnedCampaign } from '../domain/ownership/owned-campaign';
import { loadOwnedCompany, loadOwnedCompanyWith } from '../domain/ownership/owned-company';
import {
  campaignCountsEntity,
  campaignCountsOf,
  type CampaignCountsRecord,
} from '../core/db/entities/campaign-counts';
import { createGroupHandler } from '../core/http/group-handler';
import {
  campaignWithMedia,
  createCampaign,
  deleteCampaign,
  listCampaigns,
  setCampaignStatus,
  updateCampaign,
} from './campaigns';
import { toCampaign, toCampaignSummary } from './campaign-view';
import { reslotWhenItMatters } from './campaign-slots';

export const handler = createGroupHandler(campaignsRoutes, {
  // Two reads: the company (checked) with its campaign counts in one consistent batch, then one
  // page of campaigns.
  listForCompany: async ({ params, query, caller }) => {
    const countsKey = campaignCountsEntity()
      .get({ companyId: params.companyId })
      .params<{ Key: { pk: string; sk: string } }>().Key;
    const { company, items } = await loadOwnedCompanyWith(params.companyId, caller, {
      counts: countsKey,
    });
    const counts = campaignCountsOf(
      items.counts
        ? (campaignCountsEntity().parse({ Item: items.counts }).data as CampaignCountsRecord)
        : null,
    );
    const page = await listCampaigns(company.companyId, counts, query);
    return {
      data: page.data.map(toCampaignSummary),
      total: page.total,
      skip: query.cursor ? 0 : query.skip,
      limit: query.limit,
      nextCursor: page.nextCursor,
    };
  },

  get: async ({ params, caller }) =>
    campaignWithMedia((await loadOwnedCampaign(params.id, caller)).campaign),

  create: async ({ body, caller }) => {
    const company = await loadOwnedCompany(body.company, caller);
    // A new campaign has no media yet.
    return toCampaign(await createCampaign(company, body), []);
  },

  update: async ({ params, body, caller }) => {
    const owned = await loadOwnedCampaign(params.id, caller);
    const updated = await updateCampaign(owned, body);
    await reslotWhenItMatters(owned.campaign, updated);
    return campaignWithMedia(updated);
  },

  remove: async ({ params, caller }) => {
    await deleteCampaign(await loadOwnedCampaign(params.id, caller));
    return { message: CAMPAIGN_TOASTS.deleted };
  },

  setStatus: async ({ params, body, caller }) => {
    const owned = await loadOwnedCampaign(params.id, caller);
    const updated = await setCampaignStatus(owned, body.status);
    await reslotWhenItMatters(owned.campaign, updated);
    return campaignWithMedia(updated);
  },
});
