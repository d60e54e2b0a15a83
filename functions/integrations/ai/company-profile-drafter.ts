import type { DraftSource, DraftedCompanyProfile } from '#shared/contract/ai';
import type { PageSummary } from './page-summary';

/** Writes a first draft of a company's profile from its home page, for the owner to edit. */
export interface CompanyProfileDrafter {
  readonly source: DraftSource;
  draft(page: PageSummary): Promise<DraftedCompanyProfile>;
}
