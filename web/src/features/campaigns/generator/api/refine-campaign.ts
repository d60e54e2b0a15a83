import type { GenerationStarted, RefineCampaignBody } from '#shared/contract/ai';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';

const route = apiRoute('POST /ai/refine-campaign');

/** Starts refining a version with feedback (the history's next version); poll the generation. */
export const refineCampaign = (body: RefineCampaignBody): Promise<GenerationStarted> =>
  callApi(route, { body });
