import type { CampaignAnalysis, CampaignDraft, GeneratorMedia } from '#shared/contract/ai';
import { BRAND_VOICE_MAX } from '#shared/contract/companies';
import {
  CAMPAIGN_DESCRIPTION_MAX,
  CAMPAIGN_NAME_MAX,
  CONTENT_INSTRUCTIONS_MAX,
  KEY_MESSAGE_MAX,
  MAX_KEY_MESSAGES,
  MEDIA_DESCRIPTION_MAX,
  type MediaUsage,
} from '#shared/domain/campaigns';
import type { PlatformId } from '#shared/domain/tiers';
import type { CampaignDraftInput } from './campaign-drafter';

/** Insights kept per website, and next steps and feedback points kept per answer. */
const MAX_INSIGHTS = 6;
const MAX_NEXT_STEPS = 8;
const MAX_KEY_POINTS = 6;
const MAX_ANALYSIS_TEXT = 1000;

/**
 * A text trimmed to `max` characters, cut at a word where one is near, ending in '…'. Paragraphs
 * stay (at most one blank line between them); other runs of white space become one space.
 */
export const clipText = (text: string, max: number): string => {
  const trimmed = text
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (trimmed.length <= max) return trimmed;
  const cut = trimmed.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
};

const oneLine = (text: string): string => text.replace(/\s+/g, ' ');

/** The sentences of a text, each trimmed, empty ones dropped. */
export const sentencesOf = (text: string): string[] =>
  (text.match(/[^.!?\n]+(?:[.!?]+|$)/gm) ?? [])
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[a-z0-9]/i.test(sentence));

const cleanList = (items: readonly string[], max: number, itemMax: number): string[] => {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const item of items) {
    const text = clipText(oneLine(item), itemMax);
    const key = text.toLowerCase();
    if (!text || seen.has(key)) continue;
    seen.add(key);
    kept.push(text);
    if (kept.length === max) break;
  }
  return kept;
};

/* ----- Reading feedback ----- */

const POSITIVE = new Set(
  'good great love like liked likes nice perfect excellent awesome amazing fantastic happy helpful clear fun fresh strong better best beautiful wonderful solid spot-on brilliant cool enjoy enjoyed works right thanks thank appreciate impressive lovely'.split(
    ' ',
  ),
);
const NEGATIVE = new Set(
  'bad boring dull bland generic wrong hate dislike confusing confused weak worse worst awkward stiff cheesy cringe off poor unclear repetitive vague messy annoying ugly wordy verbose robotic corporate salesy pushy odd meh lacking missing long'.split(
    ' ',
  ),
);
const NEGATIONS = new Set(['not', "don't", 'dont', "doesn't", 'no', 'never', "isn't", "aren't"]);
/** "too formal", "too long": whatever follows reads as a complaint. */
const INTENSIFIED_NEGATIVE = new Set(['too']);

/**
 * The feedback's sentiment from a small lexicon, 0 (negative) to 1 (positive), 0.5 when it names
 * nothing either way; "not good" counts against, "too …" counts against. Its key points are its
 * sentences (and the halves of a "…, but …"), as the owner wrote them.
 */
export const readFeedback = (
  feedback: string,
): NonNullable<CampaignAnalysis['feedbackAnalysis']> => {
  const words = feedback.toLowerCase().match(/[a-z][a-z'-]*/g) ?? [];
  let positive = 0;
  let negative = 0;
  words.forEach((word, index) => {
    const previous = words[index - 1] ?? '';
    const negated = NEGATIONS.has(previous) || NEGATIONS.has(words[index - 2] ?? '');
    if (INTENSIFIED_NEGATIVE.has(word)) negative += 1;
    else if (POSITIVE.has(word)) {
      if (negated) negative += 1;
      else positive += 1;
    } else if (NEGATIVE.has(word)) {
      if (negated) positive += 0.5;
      else negative += 1;
    }
  });
  const total = positive + negative;
  const score = total === 0 ? 0.5 : 0.5 + (0.5 * (positive - negative)) / total;
  const keyPoints = sentencesOf(feedback)
    .flatMap((sentence) => sentence.split(/,?\s+but\s+/i))
    .map((point) => point.replace(/[.!?]+$/, '').trim())
    .filter((point) => point.length > 1)
    .map((point) => `${point.charAt(0).toUpperCase()}${point.slice(1)}`);
  return {
    sentimentScore: Math.round(score * 100) / 100,
    keyPoints: cleanList(keyPoints, MAX_KEY_POINTS, 300),
  };
};

/* ----- Holding a result to the rules ----- */

export interface CampaignResultData {
  campaign: CampaignDraft;
  analysis: CampaignAnalysis;
}

/** How a file is used when the draft says nothing of it: the first image (or a lone video) leads. */
export const defaultUsage = (media: readonly GeneratorMedia[], index: number): MediaUsage => {
  const firstImage = media.findIndex((file) => file.type === 'image');
  const lead = firstImage === -1 ? 0 : firstImage;
  return index === lead ? 'primary' : 'secondary';
};

const allowedOnly = (platforms: readonly string[], allowed: readonly PlatformId[]): PlatformId[] =>
  allowed.filter((platform) => platforms.includes(platform));

const score = (value: number): number =>
  Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0.5;

/**
 * Holds a drafted campaign and its analysis to the input's rules, whoever drafted them, so that
 * the campaign form accepts the campaign as it is and the analysis matches what was asked: only the
 * allowed platforms, texts within the form's limits, at most MAX_KEY_MESSAGES key messages, one
 * media entry per file of the media area in its order, the intention as given, one website insight
 * per website in its order (a page that could not be read says why), and a feedback analysis on
 * refinements only.
 */
export const withinCampaignRules = (
  result: CampaignResultData,
  input: CampaignDraftInput,
): CampaignResultData => {
  const { campaign, analysis } = result;
  const allowed = input.allowedPlatforms;
  const platforms = allowedOnly(campaign.platforms, allowed);

  const drafted = [...campaign.mediaAssets];
  const mediaAssets = input.media.map((file, index) => {
    const matchIndex = drafted.findIndex((asset) => asset.fileName === file.fileName);
    const match = matchIndex === -1 ? undefined : drafted.splice(matchIndex, 1)[0];
    // A file is meant for some of the campaign's platforms, never for one the campaign leaves out.
    const mediaPlatforms = allowedOnly(match?.platforms ?? platforms, platforms);
    return {
      fileName: file.fileName,
      type: file.type,
      usage: match?.usage ?? defaultUsage(input.media, index),
      description: clipText(match?.description || file.description, MEDIA_DESCRIPTION_MAX),
      platforms: mediaPlatforms.length ? mediaPlatforms : platforms,
    };
  });

  const websiteInsights = input.websites.map((website, index) => {
    if (website.status === 'failed') {
      return { url: website.url, status: 'failed' as const, insights: [], error: website.error };
    }
    const drafted =
      analysis.websiteInsights.find((entry) => entry.url === website.url) ??
      analysis.websiteInsights[index];
    return {
      url: website.url,
      status: 'read' as const,
      insights: cleanList(drafted?.insights ?? [], MAX_INSIGHTS, 300),
      error: null,
    };
  });

  const feedbackAnalysis = input.refinement
    ? analysis.feedbackAnalysis
      ? {
          sentimentScore: score(analysis.feedbackAnalysis.sentimentScore),
          keyPoints: cleanList(analysis.feedbackAnalysis.keyPoints, MAX_KEY_POINTS, 300),
        }
      : readFeedback(input.refinement.feedback)
    : null;

  return {
    campaign: {
      name:
        clipText(oneLine(campaign.name), CAMPAIGN_NAME_MAX) ||
        clipText(`${input.company.name} campaign`, CAMPAIGN_NAME_MAX),
      description: clipText(campaign.description, CAMPAIGN_DESCRIPTION_MAX),
      campaignIntention: input.intention,
      platforms,
      contentSeeds: {
        brandVoice: clipText(campaign.contentSeeds.brandVoice, BRAND_VOICE_MAX),
        keyMessages: cleanList(
          campaign.contentSeeds.keyMessages,
          MAX_KEY_MESSAGES,
          KEY_MESSAGE_MAX,
        ),
        contentInstructions: clipText(
          campaign.contentSeeds.contentInstructions,
          CONTENT_INSTRUCTIONS_MAX,
        ),
      },
      mediaAssets,
    },
    analysis: {
      promptUnderstanding: clipText(analysis.promptUnderstanding, MAX_ANALYSIS_TEXT),
      websiteInsights,
      recommendedNextSteps: cleanList(
        analysis.recommendedNextSteps,
        MAX_NEXT_STEPS,
        MAX_ANALYSIS_TEXT,
      ),
      feedbackAnalysis,
    },
  };
};
