import type { DrafterCompany } from '../../integrations/ai/campaign-drafter';
import type { CompanyRecord } from '../../core/db/entities/company';

/** The company as a drafter sees it: its profile, in its own words. */
export const drafterCompanyOf = (company: CompanyRecord): DrafterCompany => ({
  name: company.name,
  description: company.description,
  brandVoice: company.brandVoice,
  brandColors: [...company.brandColors],
  website: company.website,
});
