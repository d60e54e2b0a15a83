import { aiRoutes } from '#shared/contract/ai';
import { config } from '../core/config';
import { createGroupHandler } from '../core/http/group-handler';
import { summarisePage } from '../integrations/ai/page-summary';
import { companyProfileDrafter } from '../integrations/ai/provider';
import { spendDraftQuota } from './draft-quota';
import { fetchPublicPage } from './safe-fetch';

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
});
