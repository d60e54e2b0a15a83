import { aiRoutes } from '#shared/contract/ai';
import { loadOwnedCompany } from '../domain/ownership/owned-company';
import { loadOwnedGeneration } from '../domain/ownership/owned-generation';
import { config } from '../core/config';
import { createGroupHandler } from '../core/http/group-handler';
import { summarisePage } from '../integrations/ai/page-summary';
import { companyProfileDrafter } from '../integrations/ai/provider';
import { spendDraftQuota } from './draft-quota';
import { toContentGeneration, toGeneration } from './generation-view';
import { campaignHistory, startGeneration, startRefinement } from './generations';
import { analyzeImage } from './media-analysis';
import { fetchPublicPage } from './safe-fetch';
import { campaignSuggestions } from './suggestions';

export const handler = createGroupHandler(aiRoutes, {
  companyProfile: async ({ body, caller }) => {
    await spendDraftQuota(caller.userId);
    const page = await fetchPublicPage(body.website, {
      allowOrigins: config().FETCH_ALLOW_ORIGINS,
    });
    const drafter = await companyProfileDrafter();
    const draft = await drafter.draft(summarisePage(page.url, page.html));
    return { ...draft, website: page.url, source: drafter.source };
  },

  generateCampaign: async ({ body, caller }) =>
    startGeneration(await loadOwnedCompany(body.companyId, caller), body),

  refineCampaign: async ({ body, caller }) =>
    startRefinement(await loadOwnedCompany(body.companyId, caller), body),

  getGeneration: async ({ params, caller }) => {
    const owned = await loadOwnedGeneration(params.generationId, caller);
    return owned.kind === 'content'
      ? toContentGeneration(owned.generation)
      : toGeneration(owned.generation);
  },

  campaignHistory: async ({ params, caller }) =>
    campaignHistory((await loadOwnedCompany(params.companyId, caller)).companyId),

  campaignSuggestions: async ({ params, caller }) =>
    campaignSuggestions(await loadOwnedCompany(params.companyId, caller)),

  analyzeMedia: async ({ body, caller }) =>
    analyzeImage(await loadOwnedCompany(body.companyId, caller), body),
});
