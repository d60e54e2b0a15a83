import type { GenerateCampaignBody, GenerationStarted } from '#shared/contract/ai';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';

const route = apiRoute('POST /ai/generate-campaign');

/** Starts drafting a campaign (a new history); the answer (202) names the generation to poll. */
export const generateCampaign = (body: GenerateCampaignBody): Promise<GenerationStarted> =>
  callApi(route, { body });
