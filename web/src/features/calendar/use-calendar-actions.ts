import { useState } from 'react';
import toast from 'react-hot-toast';
import type { GeneratedContent } from '#shared/contract/content';
import { CONTENT_TOASTS } from '#shared/domain/content';
import { slotText } from '#shared/domain/schedule-slots';
import { track } from '#web/lib/analytics';
import { useContentCache } from '#web/lib/api/content-cache';
import { fetchFreeSlots, moveContent } from '#web/lib/api/move-content';
import { reviewContent } from '#web/lib/api/review-content';
import { failureText, isSessionEnded } from '#web/lib/error-text';
import { approvePosts } from './api/approve-posts';
import { useCalendarRefresh } from './api/calendar-cache';
import { nearestSlot, postTime, sameTimeOn, type DayKey } from './calendar-dates';
import { CALENDAR_TEXTS } from './calendar-texts';
import type { ApprovalOutcome } from './components/needs-review';

/**
 * What the calendar does to posts: a dragged post moves to its time on the day it was dropped on
 * (or the nearest free time of its campaign), a draft is approved, or all of them are. Each
 * change reads the calendar, the drafts and the posts' campaign lists again.
 */
export const useCalendarActions = (companyId: string, timeZone: string) => {
  const refreshCalendar = useCalendarRefresh();
  const { refreshContent } = useContentCache();
  const [moving, setMoving] = useState<string | null>(null);
  /** The draft being reviewed, or 'all'. */
  const [reviewing, setReviewing] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<ApprovalOutcome[] | null>(null);

  const refresh = (campaignIds: Iterable<string>) => {
    refreshCalendar(companyId);
    for (const campaignId of new Set(campaignIds)) refreshContent(campaignId, companyId);
  };

  const dropOn = async (post: GeneratedContent, day: DayKey) => {
    const from = postTime(post);
    if (!from || post.status !== 'scheduled') return;
    const target = sameTimeOn(from, day, timeZone);
    if (target.getTime() === Date.parse(from)) return;
    setMoving(post._id);
    try {
      const { slots } = await fetchFreeSlots(post.campaignId, post._id);
      const slot = nearestSlot(slots, target);
      if (!slot) {
        toast.error(CALENDAR_TEXTS.noFreeSlot);
        return;
      }
      await moveContent(post.campaignId, post._id, { scheduledFor: slot });
      const landed = slotText(slot, timeZone);
      toast.success(
        Date.parse(slot) === target.getTime()
          ? CALENDAR_TEXTS.movedTo(landed)
          : CALENDAR_TEXTS.movedNearest(slotText(target.toISOString(), timeZone), landed),
      );
    } catch (failure) {
      if (!isSessionEnded(failure)) toast.error(failureText('move the post', failure));
    } finally {
      setMoving(null);
      refresh([post.campaignId]);
    }
  };

  const approve = async (draft: GeneratedContent) => {
    setReviewing(draft._id);
    try {
      const { content } = await reviewContent(draft.campaignId, draft._id, { status: 'approved' });
      toast.success(
        content.scheduledFor
          ? `${CONTENT_TOASTS.approved}: it goes out ${slotText(content.scheduledFor, timeZone)}`
          : CONTENT_TOASTS.approved,
      );
    } catch (failure) {
      if (!isSessionEnded(failure)) toast.error(failureText('approve content', failure));
    } finally {
      setReviewing(null);
      refresh([draft.campaignId]);
    }
  };

  const approveAll = async (drafts: GeneratedContent[]) => {
    if (drafts.length === 0) return;
    setReviewing('all');
    setOutcomes(null);
    try {
      const { results } = await approvePosts(
        companyId,
        drafts.map((draft) => draft._id),
      );
      const byId = new Map(drafts.map((draft) => [draft._id, draft]));
      setOutcomes(results.map((result) => ({ result, post: byId.get(result.contentId) })));
      for (const result of results) {
        const post = byId.get(result.contentId);
        if (post && result.outcome !== 'refused')
          track('content_approve', { platform: post.metadata.params.platform, via: 'app' });
      }
      const scheduled = results.filter((result) => result.outcome === 'scheduled').length;
      toast.success(`${scheduled} of ${results.length} scheduled`);
    } catch (failure) {
      if (!isSessionEnded(failure)) toast.error(failureText('approve the posts', failure));
    } finally {
      setReviewing(null);
      refresh(drafts.map((draft) => draft.campaignId));
    }
  };

  return {
    moving,
    reviewing,
    outcomes,
    dismissOutcomes: () => setOutcomes(null),
    dropOn: (post: GeneratedContent, day: DayKey) => void dropOn(post, day),
    approve: (draft: GeneratedContent) => void approve(draft),
    approveAll: (drafts: GeneratedContent[]) => void approveAll(drafts),
    /** A dialog changed a post (Move, Request Changes). */
    changed: (post: GeneratedContent) => refresh([post.campaignId]),
  };
};
