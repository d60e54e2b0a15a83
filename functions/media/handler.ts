import { mediaRoutes } from '#shared/contract/campaigns';
import { loadOwnedCampaign } from '../core/auth/owned-campaign';
import { Unavailable } from '../core/errors';
import { createGroupHandler } from '../core/http/group-handler';

// Placeholder until the media assets are built: every route checks the campaign is the caller's
// (so a stranger already gets 404), then answers 503.
const notYet = async (campaignId: string, caller: Parameters<typeof loadOwnedCampaign>[1]) => {
  await loadOwnedCampaign(campaignId, caller);
  throw new Unavailable('SERVICE_UNAVAILABLE', 'Campaign media is not available yet');
};

export const handler = createGroupHandler(mediaRoutes, {
  createUpload: ({ params, caller }) => notYet(params.campaignId, caller),
  confirm: ({ params, caller }) => notYet(params.campaignId, caller),
  update: ({ params, caller }) => notYet(params.campaignId, caller),
  remove: ({ params, caller }) => notYet(params.campaignId, caller),
});
