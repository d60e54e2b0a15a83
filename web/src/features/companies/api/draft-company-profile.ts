import type { CompanyProfileDraft } from '#shared/contract/ai';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';

const route = apiRoute('POST /ai/company-profile');

/** Reads the website and drafts name, description, voice and colours. */
export const draftCompanyProfile = (
  website: string,
  signal?: AbortSignal,
): Promise<CompanyProfileDraft> => callApi(route, { body: { website }, signal });
