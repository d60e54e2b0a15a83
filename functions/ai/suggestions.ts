import type { CampaignSuggestions } from '#shared/contract/ai';
import { AI_SUGGESTIONS_MAX, AI_SUGGESTIONS_MIN } from '#shared/domain/ai-campaigns';
import { companyTimeZone } from '../domain/companies/company-time-zone';
import { campaignSuggestionsEntity } from '../core/db/entities/campaign-suggestions';
import type { CompanyRecord } from '../core/db/entities/company';
import { hasExpired } from '../core/db/expiry';
import { logger } from '../core/logger';
import { localDayOf } from '../domain/plans/local-day';
import type { CampaignDrafter, SuggestionsInput } from '../integrations/ai/campaign-drafter';
import { clipText } from '../integrations/ai/campaign-rules';
import { campaignDrafter } from '../integrations/ai/provider';
import { drafterCompanyOf } from '../domain/companies/drafter-company';
import { recentCampaignNames } from './drafter-context';
import { replaceUnsafeInLine } from '#shared/contract/unsafe-characters';

/** A suggestion fills step one's description: one line, well inside the prompt's limit. */
const SUGGESTION_MAX = 300;
/** A day's ideas are kept a day past its end, then the TTL removes them. */
const KEEP_AFTER_DAY_SECONDS = 24 * 60 * 60;

/** Three to five distinct one-line ideas, or null when the drafter gave fewer than three. */
const usable = (ideas: readonly string[]): string[] | null => {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const idea of ideas) {
    const text = clipText(replaceUnsafeInLine(idea, ' '), SUGGESTION_MAX);
    if (!text || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    kept.push(text);
  }
  return kept.length >= AI_SUGGESTIONS_MIN ? kept.slice(0, AI_SUGGESTIONS_MAX) : null;
};

const offlineDrafter = async (): Promise<CampaignDrafter> =>
  (await import('../integrations/ai/offline-campaign-drafter')).offlineCampaignDrafter;

/**
 * Campaign ideas for step one, from the company's profile and its recent campaign names. Asked
 * once per company per local day and kept, so opening the generator again costs nothing. Ideas
 * are no critical path: when the drafter fails (or answers too few), the offline drafter's ideas
 * are given instead — not kept, so the next visit asks the drafter again.
 */
export const campaignSuggestions = async (
  company: CompanyRecord,
  now: number = Date.now(),
): Promise<CampaignSuggestions> => {
  const { day, endsAt } = localDayOf(now, companyTimeZone(company));
  const key = { companyId: company.companyId, day };
  const { data: kept } = await campaignSuggestionsEntity().get(key).go();
  if (kept && !hasExpired(kept, now)) {
    return { suggestions: [...kept.suggestions], source: kept.source };
  }

  const input: SuggestionsInput = {
    company: drafterCompanyOf(company),
    recentCampaigns: await recentCampaignNames(company.companyId),
    today: day,
  };
  const drafter = await campaignDrafter();
  let answer: string[] | null = null;
  try {
    answer = usable(await drafter.suggestCampaigns(input));
    if (!answer)
      logger.warn('The drafter gave fewer than three campaign ideas', { source: drafter.source });
  } catch (error) {
    logger.warn('The drafter could not suggest campaigns; offline ideas instead', {
      source: drafter.source,
      error: error as Error,
    });
  }
  if (!answer) {
    const offline = await offlineDrafter();
    return { suggestions: usable(await offline.suggestCampaigns(input)) ?? [], source: 'offline' };
  }
  await campaignSuggestionsEntity()
    .put({
      ...key,
      suggestions: answer,
      source: drafter.source,
      createdAt: new Date(now).toISOString(),
      expiresAt: Math.floor(endsAt.getTime() / 1000) + KEEP_AFTER_DAY_SECONDS,
    })
    .go({ response: 'none' });
  return { suggestions: answer, source: drafter.source };
};
