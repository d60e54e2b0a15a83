import type { PageSummary } from '#functions/ai/page-summary';

/** A first draft of a company profile for the owner to edit. */
export interface CompanyProfileDraft {
  name: string;
  description: string;
  brandVoice: string;
  brandColors: string[];
}

export interface CompanyProfileDrafter {
  readonly source: 'openai' | 'offline';
  draft(page: PageSummary): Promise<CompanyProfileDraft>;
}
