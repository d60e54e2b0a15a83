import { putProductMetric } from '#functions/core/metrics';
import type { ContentRecord } from '#functions/core/db/entities/content';

type Counted = Pick<ContentRecord, 'platform' | 'scheduledFor'>;

/**
 * A post went out at `at`: counted, with how late it was after the time it was due (its slot, or
 * the time of the retry it went out on) — the lateness alarm and the dashboard read these.
 */
export const countPublished = (post: Counted, at: Date): void => {
  putProductMetric('PostsPublished', 1, post.platform);
  const due = post.scheduledFor ? Date.parse(post.scheduledFor) : Number.NaN;
  if (Number.isFinite(due)) {
    putProductMetric('PublishLateness', Math.max(0, (at.getTime() - due) / 1000), post.platform);
  }
};

/** A post was recorded failed: the failure-rate alarm reads these against the published ones. */
export const countFailed = (post: Pick<ContentRecord, 'platform'>): void => {
  putProductMetric('PostsFailed', 1, post.platform);
};
