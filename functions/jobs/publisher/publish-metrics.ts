import { putProductMetric } from '#functions/core/metrics';
import type { ContentRecord } from '#functions/core/db/entities/content';

type Counted = Pick<ContentRecord, 'platform' | 'scheduledFor'>;

/**
 * A post went out at `at`: counted, with how late it was after the slot it was first due at (kept
 * through retries and waits in the publish event, else the time it was scheduled for) — the
 * lateness alarm and the dashboard read these, so a post that waited hours for a limit counts
 * hours late.
 */
export const countPublished = (post: Counted, at: Date, slot?: string): void => {
  putProductMetric('PostsPublished', 1, post.platform);
  const due = Date.parse(slot ?? post.scheduledFor ?? '');
  if (Number.isFinite(due)) {
    putProductMetric('PublishLateness', Math.max(0, (at.getTime() - due) / 1000), post.platform);
  }
};

/** A post was recorded failed: the failure-rate alarm reads these against the published ones. */
export const countFailed = (post: Pick<ContentRecord, 'platform'>): void => {
  putProductMetric('PostsFailed', 1, post.platform);
};
