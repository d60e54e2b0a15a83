import { randomUUID } from 'node:crypto';
import { COUNTER, utcDayOf } from '#shared/domain/business-numbers';
import { addBusinessCounts } from '#functions/core/db/business-counts';
import { logger } from '#functions/core/logger';

/**
 * One more text sent today, for the business's numbers (on a random shard: texts have no writer
 * worth keeping together). Never fails the text, which has gone out.
 */
export const countTextSent = async (now: Date = new Date()): Promise<void> => {
  try {
    await addBusinessCounts(randomUUID(), utcDayOf(now), { [COUNTER.textsSent]: 1 });
  } catch (error) {
    logger.warn('A business count was not written', {
      count: 'text sent',
      error: (error as Error)?.name,
    });
  }
};
