import {
  AI_CAMPAIGN_RUNS_PER_COMPANY_PER_DAY,
  AI_MEDIA_ANALYSES_PER_COMPANY_PER_DAY,
} from '#shared/domain/ai-campaigns';
import { zoneName } from '#shared/domain/time-zones';
import type { DailyRule } from '../domain/plans/daily-counter';
import { waitText } from '../core/limits/wait-text';

/**
 * The AI campaign generator's fair-use allowances, per company per day in its time zone. They
 * guard the cost of the language model and are separate from the plan's daily content
 * generations (functions/domain/plans/generation-quota.ts), which count posts.
 */

const resetText = ({ timeZone, secondsToReset }: { timeZone: string; secondsToReset: number }) =>
  `at midnight (${zoneName(timeZone)}), in ${waitText(secondsToReset)}`;

/** Generations and refinements: one use each, counted when it starts. */
export const CAMPAIGN_RUNS: DailyRule = {
  counter: 'ai-campaign-runs',
  limit: AI_CAMPAIGN_RUNS_PER_COMPANY_PER_DAY,
  code: 'AI_FAIR_USE_REACHED',
  message: (reset) =>
    `This company has used today's ${AI_CAMPAIGN_RUNS_PER_COMPANY_PER_DAY} AI campaign drafts and refinements (fair use). They reset ${resetText(reset)}.`,
};

/** Image descriptions (analyze-media): one use each. */
export const MEDIA_ANALYSES: DailyRule = {
  counter: 'ai-media-analyses',
  limit: AI_MEDIA_ANALYSES_PER_COMPANY_PER_DAY,
  code: 'AI_FAIR_USE_REACHED',
  message: (reset) =>
    `This company has had today's ${AI_MEDIA_ANALYSES_PER_COMPANY_PER_DAY} images described by the AI (fair use). They reset ${resetText(reset)}.`,
};
