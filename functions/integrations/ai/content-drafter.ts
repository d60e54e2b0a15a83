import type { DraftSource } from '#shared/domain/ai-campaigns';
import type { CampaignIntention, MediaUsage } from '#shared/domain/campaigns';
import type { ModifyAspect } from '#shared/domain/content';
import type { PlatformId } from '#shared/domain/tiers';
import type { DrafterCompany, TokenUsage } from './campaign-drafter';

/** What one post is written from: the company, its campaign, the platform and what came before. */
export interface ContentDraftInput {
  company: DrafterCompany;
  campaign: {
    name: string;
    description: string;
    intention: CampaignIntention;
    brandVoice: string;
    keyMessages: string[];
    contentInstructions: string;
  };
  platform: PlatformId;
  /** The campaign's media meant for this platform, described by the owner. */
  media: { type: 'image' | 'video'; usage: MediaUsage; description: string }[];
  /** The campaign's recent posts (newest first, at most 10) so a new one does not repeat them. */
  recentPosts: string[];
  /** Set for a revision: the current text and what the owner asked to change. */
  revision?: { previous: string; feedback: string; aspects: ModifyAspect[] };
  /** Varies the offline drafter's choices deterministically (the generation id); OpenAI ignores it. */
  seed: string;
}

export interface ContentDraftResult {
  text: string;
  usage: TokenUsage | null;
}

export type ContentDraftStage = 'drafting' | 'checking';

/**
 * Writes one social post for a campaign's platform: a language model where a key is configured,
 * the offline drafter otherwise. The text is always one the platform takes (post-rules.ts's
 * `fitPost`). Failures throw DrafterRefused, DrafterInvalidAnswer or DrafterUnavailable
 * (campaign-drafter.ts) and nothing else.
 */
export interface ContentDrafter {
  readonly source: DraftSource;
  draftPost(
    input: ContentDraftInput,
    onStage?: (stage: ContentDraftStage) => Promise<void>,
  ): Promise<ContentDraftResult>;
}
