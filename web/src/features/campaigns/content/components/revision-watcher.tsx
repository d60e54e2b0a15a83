import { useEffect, useRef } from 'react';
import type { Campaign } from '#shared/contract/campaigns';
import type { ContentGeneration } from '#shared/contract/content';
import { useRevision } from '../use-content-generation';

/**
 * Follows one AI revision for as long as the section is open, whether or not its post is in the
 * list shown (a post being revised leaves the drafts filter): reports each answer, and the end.
 */
export function RevisionWatcher({
  campaign,
  generationId,
  found,
  onUpdate,
  onDone,
}: {
  campaign: Campaign;
  generationId: string;
  /** Found on a post (asked for elsewhere), not started here. */
  found: boolean;
  onUpdate: (generation: ContentGeneration) => void;
  onDone: () => void;
}) {
  const generation = useRevision(campaign, generationId, onDone, { found });
  const latest = useRef(onUpdate);
  useEffect(() => {
    latest.current = onUpdate;
  });
  useEffect(() => {
    if (generation) latest.current(generation);
  }, [generation]);
  return null;
}
