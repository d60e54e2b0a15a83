import { mediaRoutes } from '#shared/contract/media';
import { loadOwnedCampaign } from '../domain/ownership/owned-campaign';
import { createGroupHandler } from '../core/http/group-handler';
import { toMediaAsset } from '../domain/media/media-asset-view';
import {
  confirmCampaignMedia,
  createCampaignMediaUpload,
  removeCampaignMediaAsset,
  updateCampaignMedia,
} from './campaign-media';

/**
 * Routing only: each route loads the caller's campaign first (through its company: a stranger's
 * id answers 404 before anything else happens), then hands over to campaign-media.ts.
 */
export const handler = createGroupHandler(mediaRoutes, {
  createUpload: async ({ params, body, caller }) =>
    createCampaignMediaUpload(await loadOwnedCampaign(params.campaignId, caller), body),

  confirm: async ({ params, body, caller }) =>
    toMediaAsset(
      await confirmCampaignMedia(await loadOwnedCampaign(params.campaignId, caller), body),
    ),

  update: async ({ params, body, caller }) =>
    toMediaAsset(
      await updateCampaignMedia(
        await loadOwnedCampaign(params.campaignId, caller),
        params.mediaId,
        body,
      ),
    ),

  remove: async ({ params, caller }) =>
    removeCampaignMediaAsset(await loadOwnedCampaign(params.campaignId, caller), params.mediaId),
});
