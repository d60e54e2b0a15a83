import { aiRoutes } from '#shared/contract/ai';
import { config } from '../core/config';
import { createGroupHandler } from '../core/http/group-handler';
import { companyProfileDrafter } from '../integrations/ai/drafter';
import { summarisePage } from './page-summary';
import { fetchPublicPage } from './safe-fetch';

export const handler = createGroupHandler(aiRoutes, {
  companyProfile: async ({ body }) => {
    const page = await fetchPublicPage(body.website, {
      allowOrigins: config().FETCH_ALLOW_ORIGINS,
    });
    const drafter = companyProfileDrafter();
    const draft = await drafter.draft(summarisePage(page.url, page.html));
    return { ...draft, website: page.url, source: drafter.source };
  },
});
