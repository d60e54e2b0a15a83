import { GENERATION_MESSAGES } from '#shared/domain/ai-campaigns';
import type {
  CampaignDraftInput,
  DrafterCompany,
} from '#functions/integrations/ai/campaign-drafter';
import { summarisePage } from '#functions/integrations/ai/page-summary';
import { HARBOR_COFFEE } from './test-site';

/** The test company, as a campaign drafter sees it. */
export const HARBOR: DrafterCompany = {
  name: 'Harbor Coffee',
  description:
    'Harbor Coffee roasts small batches of single-origin beans in Portland and ships them fresh. Family-run since 2012.',
  brandVoice: 'Warm, upbeat and neighbourly.',
  brandColors: ['#0B5FFF', '#E4572E'],
  website: 'https://harbor.coffee/',
};

/** A real-shaped generation: a prompt, a website read and one that failed, three files. */
export const campaignInput = (overrides: Partial<CampaignDraftInput> = {}): CampaignDraftInput => ({
  company: HARBOR,
  intention: 'product-launch',
  prompt:
    'Launch our new autumn blend for coffee lovers in Portland, with 10% off the first week. It tastes of caramel and baked apple.',
  allowedPlatforms: ['twitter', 'linkedin'],
  websites: [
    {
      url: 'https://harbor.coffee/',
      status: 'read',
      page: summarisePage('https://harbor.coffee/', HARBOR_COFFEE),
    },
    {
      url: 'https://harbor.coffee/blog',
      status: 'failed',
      error: GENERATION_MESSAGES.websiteUnreadable,
    },
  ],
  media: [
    {
      fileName: 'autumn-cup.png',
      type: 'image',
      description: 'A cup of the autumn blend on a wooden table',
    },
    { fileName: 'roastery.mp4', type: 'video', description: '' },
    { fileName: 'beans.jpg', type: 'image', description: 'Freshly roasted beans' },
  ],
  recentCampaigns: ['Summer Cold Brew Launch'],
  ...overrides,
});
