import * as z from 'zod';
import { campaignAnalysisSchema } from '#shared/contract/ai';
import {
  campaignDescription,
  campaignName,
  contentInstructions,
  keyMessages,
} from '#shared/contract/campaigns';
import { mediaDescription } from '#shared/contract/media';
import { brandVoice } from '#shared/contract/companies';
import { CAMPAIGN_INTENTIONS, MEDIA_TYPES, MEDIA_USAGES } from '#shared/domain/campaigns';
import { PLATFORM_IDS } from '#shared/domain/tiers';
import type { GenerationData } from '../core/db/entities/campaign-generation';
import type { CampaignDraftInput } from '../integrations/ai/campaign-drafter';
import { withinCampaignRules } from '../integrations/ai/campaign-rules';
import { replaceUnsafeInLine, replaceUnsafeInText } from '#shared/contract/unsafe-characters';

/**
 * The server's own check of a drafted campaign, beside the drafter's: whichever drafter wrote it
 * and whatever it promised, what is stored is what the campaign form takes as it is (so 'Use This
 * Campaign' and 'Refine Campaign' can send it straight back) and what was asked: the allowed
 * platforms only, one media entry per file of the media area in its order, one website insight
 * per website, texts within the form's limits and free of the characters the form refuses.
 * Anything still wrong after that is the drafter's invalid answer.
 */

/** What the form refuses in any text, taken out rather than failing the draft. */
const withoutUnsafe = <T>(value: T): T => {
  if (typeof value === 'string') return replaceUnsafeInText(value, '') as T;
  if (Array.isArray(value)) return value.map(withoutUnsafe) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, withoutUnsafe(inner)]),
    ) as T;
  }
  return value;
};

/** The name is one line: it loses what a line refuses too, and odd spaces become spaces. */
const withOneLineName = (data: GenerationData): GenerationData => ({
  ...data,
  campaign: { ...data.campaign, name: replaceUnsafeInLine(data.campaign.name, '') },
});

/** The campaign form's own field rules (shared/contract/campaigns.ts and media.ts), as the browser sends them. */
const campaignFormRules = z.object({
  name: campaignName(),
  description: campaignDescription(),
  campaignIntention: z.enum(CAMPAIGN_INTENTIONS),
  platforms: z.array(z.enum(PLATFORM_IDS)),
  contentSeeds: z.object({
    brandVoice: brandVoice(),
    keyMessages: keyMessages(),
    contentInstructions: contentInstructions(),
  }),
  mediaAssets: z.array(
    z.object({
      fileName: z.string().min(1),
      type: z.enum(MEDIA_TYPES),
      usage: z.enum(MEDIA_USAGES),
      description: mediaDescription(),
      platforms: z.array(z.enum(PLATFORM_IDS)),
    }),
  ),
});

export type DraftCheck = { ok: true; data: GenerationData } | { ok: false; problems: string[] };

export const checkDraft = (drafted: GenerationData, input: CampaignDraftInput): DraftCheck => {
  let held: GenerationData;
  try {
    held = withinCampaignRules(withOneLineName(withoutUnsafe(drafted)), input);
  } catch (error) {
    // A shape the rules cannot even walk (a missing list): the drafter broke its promise.
    return { ok: false, problems: [`unreadable draft: ${(error as Error).message}`] };
  }
  const problems: string[] = [];
  const campaign = campaignFormRules.safeParse(held.campaign);
  if (!campaign.success) problems.push(...campaign.error.issues.map((issue) => issue.message));
  const analysis = campaignAnalysisSchema.safeParse(held.analysis);
  if (!analysis.success) problems.push(...analysis.error.issues.map((issue) => issue.message));
  const { platforms, mediaAssets } = held.campaign;
  const offPlan = platforms.filter((platform) => !input.allowedPlatforms.includes(platform));
  if (offPlan.length) problems.push(`platforms not allowed: ${offPlan.join(', ')}`);
  const files = input.media.map((file) => file.fileName);
  if (mediaAssets.map((asset) => asset.fileName).join('\n') !== files.join('\n')) {
    problems.push('the media assets are not one per file of the media area');
  }
  if (held.analysis.websiteInsights.length !== input.websites.length) {
    problems.push('the website insights are not one per website');
  }
  return problems.length ? { ok: false, problems } : { ok: true, data: held };
};
