import type { Logger } from '@aws-lambda-powertools/logger';
import { GENERATION_MESSAGES } from '#shared/domain/ai-campaigns';
import { DrafterInvalidAnswer, DrafterRefused, DrafterUnavailable } from './campaign-drafter';

export interface DrafterFailure {
  outcome: 'refused' | 'invalid-answer' | 'unavailable';
  /** Why, in the owner's words. */
  message: string;
}

/**
 * What a drafter's failure means for the generation: a refusal, an unusable answer, or (anything
 * else, a defect included) the AI being unavailable. Logged once here: a known failure as a
 * warning, anything unexpected as an error.
 */
export const drafterFailureOf = (
  error: unknown,
  logger: Logger,
  context: Record<string, unknown>,
): DrafterFailure => {
  const failure: DrafterFailure =
    error instanceof DrafterRefused
      ? { outcome: 'refused', message: GENERATION_MESSAGES.refused }
      : error instanceof DrafterInvalidAnswer
        ? { outcome: 'invalid-answer', message: GENERATION_MESSAGES.invalidAnswer }
        : { outcome: 'unavailable', message: GENERATION_MESSAGES.unavailable };
  const known =
    error instanceof DrafterRefused ||
    error instanceof DrafterInvalidAnswer ||
    error instanceof DrafterUnavailable;
  (known ? logger.warn.bind(logger) : logger.error.bind(logger))('The drafter failed', {
    ...context,
    outcome: failure.outcome,
    error: error as Error,
  });
  return failure;
};
