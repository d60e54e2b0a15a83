import type {
  CampaignAnalysis,
  CampaignDraft,
  DraftSource,
  GeneratorMedia,
  MediaAnalysis,
} from '#shared/contract/ai';
import type { GenerationStage } from '#shared/domain/ai-campaigns';
import type { CampaignIntention } from '#shared/domain/campaigns';
import type { PlatformId } from '#shared/domain/tiers';
import type { PageSummary } from './page-summary';

/** The company as a drafter sees it: its profile, in its own words. */
export interface DrafterCompany {
  name: string;
  description: string;
  brandVoice: string;
  brandColors: string[];
  website: string;
}

/** A website the owner named: read (its summary) or not (why, in the owner's words). */
export type WebsiteReading =
  | { url: string; status: 'read'; page: PageSummary }
  | { url: string; status: 'failed'; error: string };

export interface CampaignDraftInput {
  company: DrafterCompany;
  intention: CampaignIntention;
  prompt: string;
  /** The platforms a draft may propose: the company's connected ones its plan allows. */
  allowedPlatforms: PlatformId[];
  websites: WebsiteReading[];
  media: GeneratorMedia[];
  /** Names of the company's recent campaigns, newest first, so a draft does not repeat them. */
  recentCampaigns: string[];
  /** Set on a refinement: the version being refined and what the owner said about it. */
  refinement?: { previous: CampaignDraft; feedback: string };
}

/** Tokens a language model used, for the logs and the generation's record. */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface CampaignDraftResult {
  campaign: CampaignDraft;
  analysis: CampaignAnalysis;
  usage: TokenUsage | null;
}

export interface SuggestionsInput {
  company: DrafterCompany;
  recentCampaigns: string[];
  /** The company's local date (YYYY-MM-DD), for seasonal ideas; UTC's today when left out. */
  today?: string;
}

export interface ImageToDescribe {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
  width: number;
  height: number;
  allowedPlatforms: PlatformId[];
  company: DrafterCompany;
}

/**
 * Drafts campaigns, campaign ideas and image descriptions for a company: a language model where a
 * key is configured, the offline drafter otherwise. Every result is held to the input's rules
 * (allowed platforms only, one media entry per file, the campaign form's lengths) before it is
 * returned. Failures throw the errors below and nothing else.
 */
export interface CampaignDrafter {
  readonly source: DraftSource;
  draftCampaign(
    input: CampaignDraftInput,
    onStage?: (stage: GenerationStage) => Promise<void>,
  ): Promise<CampaignDraftResult>;
  suggestCampaigns(input: SuggestionsInput): Promise<string[]>;
  describeImage(image: ImageToDescribe): Promise<MediaAnalysis['analysis']>;
}

/** The model declined (a refusal): permanent for this input. */
export class DrafterRefused extends Error {
  override readonly name = 'DrafterRefused';
}

/** The model answered something that does not fit the schema, even after a retry: permanent. */
export class DrafterInvalidAnswer extends Error {
  override readonly name = 'DrafterInvalidAnswer';
}

/** No usable answer in time: a time-out, 429 or 5xx after the bounded retries. Worth retrying later. */
export class DrafterUnavailable extends Error {
  override readonly name = 'DrafterUnavailable';
}
