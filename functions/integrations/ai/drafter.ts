import { config } from '#functions/core/config';
import type { CompanyProfileDrafter } from './company-profile-drafter';
import { offlineDrafter } from './offline-drafter';
import { openAiDrafter } from './openai-drafter';

/** OpenAI where a key is configured; otherwise the offline drafter, which uses only the page's own words. */
export const companyProfileDrafter = (): CompanyProfileDrafter =>
  config().OPENAI_API_KEY || config().OPENAI_SECRET_ARN ? openAiDrafter() : offlineDrafter;
