import type { CompanyProfileDraft } from '#shared/contract/ai';
import { contract } from '#shared/contract/manifest';
import { callApi } from '#web/lib/api-client';
import { COMPANY_MESSAGES } from './messages';

/** POST /ai/company-profile: reads the website and drafts name, description, voice and colours. */
export const draftCompanyProfile = (
  website: string,
  signal?: AbortSignal,
): Promise<CompanyProfileDraft> =>
  callApi(contract.ai.companyProfile, {
    body: { website },
    fallbackMessage: COMPANY_MESSAGES.draftFailed,
    signal,
  });
