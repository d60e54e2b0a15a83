import { windowSlots, type WindowSlot } from '#shared/domain/best-time-slots';
import { slotReasonText, type TimeWindow } from '#shared/domain/post-results';
import { PLATFORMS, type PlatformId } from '#shared/domain/tiers';
import type { SlotCampaign } from '#shared/domain/schedule-slots';
import { estimateWindows, pickWindow } from '../results/best-times-model';
import { freshRandom, type Random } from '../results/seeded-random';
import { loadResultTotals, modelInputOf } from '../results/stored-totals';

export interface BestTimeChoice {
  slot: Date;
  /** "Tuesday morning: your best window on X so far" or "trying Saturday evening". */
  reason: string;
}

/**
 * Best times: the window the model picks among those with a free time in the coming two weeks
 * (Thompson sampling over the company's results on the platform), and the earliest free time in
 * it. Null when no window has a free time (the post then stays approved, as in the fixed mode).
 */
export const bestTimeSlot = async (
  campaign: SlotCampaign & { companyId: string },
  platform: PlatformId,
  now: Date,
  isTaken: (slot: Date) => boolean,
  random: Random = freshRandom(),
): Promise<BestTimeChoice | null> => {
  const free = new Map<TimeWindow, WindowSlot>();
  for (const candidate of windowSlots(campaign, now)) {
    if (!free.has(candidate.window) && !isTaken(candidate.at))
      free.set(candidate.window, candidate);
  }
  if (free.size === 0) return null;
  const totals = await loadResultTotals(campaign.companyId);
  const choice = pickWindow(
    estimateWindows(modelInputOf(totals, platform)),
    [...free.keys()],
    random,
  );
  const slot = choice && free.get(choice.window);
  if (!choice || !slot) return null;
  return {
    slot: slot.at,
    reason: slotReasonText(slot.day, slot.part, PLATFORMS[platform].shortName, choice.choice),
  };
};
