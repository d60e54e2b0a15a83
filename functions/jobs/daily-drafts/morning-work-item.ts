import * as z from 'zod';

/**
 * A work item of the mornings queue, as the daily-drafts tick sends it and the company-morning
 * job takes it: the company, and the tick that found it due.
 */
export const morningWorkItem = z.object({
  companyId: z.string().min(1).max(64),
  /** The hourly tick's time: the company's local day is the day at this instant. */
  time: z.iso.datetime(),
});
export type MorningWorkItem = z.infer<typeof morningWorkItem>;
