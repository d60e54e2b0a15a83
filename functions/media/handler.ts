import { mediaRoutes } from '#shared/contract/campaigns';
import { loadOwnedCampaign } from '../core/auth/owned-campaign';
import type { Caller } from '../core/auth/authenticate';
import { mediaAssetEntity } from '../core/db/entities/media-asset';
import { NotFound, Unavailable } from '../core/errors';
import { createGroupHandler } from '../core/http/group-handler';

// Placeholder until the media assets are built (another engineer replaces this file): every route
// checks the campaign is the caller's (and the asset is the campaign's), so a stranger already
// gets 404, then answers 503.
const notYet = async (caller: Caller, campaignId: string, mediaId?: string): Promise<never> => {
  const { campaign } = await loadOwnedCampaign(campaignId, caller);
  if (mediaId !== undefined) {
    const { data } = await mediaAssetEntity()
      .get({ companyId: campaign.companyId, campaignId, mediaId })
      .go({ consistent: true });
    if (!data) throw new NotFound('MEDIA_NOT_FOUND', 'Media not found');
  }
  throw new Unavailable('SERVICE_UNAVAILABLE', 'Campaign media is not available yet');
};

export const handler = createGroupHandler(mediaRoutes, {
  createUpload: ({ params, caller }) => notYet(caller, params.campaignId),
  confirm: ({ params, caller }) => notYet(caller, params.campaignId),
  update: ({ params, caller }) => notYet(caller, params.campaignId, params.mediaId),
  remove: ({ params, caller }) => notYet(caller, params.campaignId, params.mediaId),
});
