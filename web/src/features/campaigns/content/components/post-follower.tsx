import { useEffect, useRef } from 'react';
import type { GeneratedContent } from '#shared/contract/content';
import { ApiError } from '#web/lib/api-client';
import { usePost } from '../api/read-post';

/**
 * Follows a post that left the list shown (reviewed, published…) but stays in sight: reads it on
 * its own as often as it may change and reports each answer; a post that is gone is reported so.
 */
export function PostFollower({
  campaignId,
  contentId,
  onPost,
  onGone,
}: {
  campaignId: string;
  contentId: string;
  onPost: (post: GeneratedContent) => void;
  onGone: (contentId: string) => void;
}) {
  const { data, error } = usePost(campaignId, contentId);
  const latest = useRef({ onPost, onGone });
  useEffect(() => {
    latest.current = { onPost, onGone };
  });
  useEffect(() => {
    if (data) latest.current.onPost(data);
  }, [data]);
  useEffect(() => {
    if (error instanceof ApiError && error.status === 404) latest.current.onGone(contentId);
  }, [error, contentId]);
  return null;
}
