import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { Campaign } from '#shared/contract/campaigns';
import type { ContentGeneration, GenerateContentBody } from '#shared/contract/content';
import { CONTENT_TOASTS } from '#shared/domain/content';
import type { PlatformId } from '#shared/domain/tiers';
import { ApiError } from '#web/lib/api-client';
import { isContentGeneration, isFinished, useGeneration } from '#web/lib/api/get-generation';
import { isSessionEnded, messageOf } from '#web/lib/error-text';
import { useCampaignCache } from '../api/campaign-cache';
import { useContentCache } from '#web/lib/api/content-cache';
import { CONTENT_SCREEN_TEXTS } from '#web/components/content-texts';
import { useGenerateContent } from './api/generate-content';

/**
 * Polls a content generation (a new post or a revision) until it has succeeded or failed, and
 * reports that once: the content list is read again first.
 */
export const useFinishedGeneration = (
  campaign: Campaign,
  generationId: string | null,
  onFinished: (generation: ContentGeneration) => void,
) => {
  const { refreshContent } = useContentCache();
  const settled = useRef(new Set<string>());
  const latest = useRef(onFinished);
  useEffect(() => {
    latest.current = onFinished;
  });
  const { generation } = useGeneration(generationId, {
    ofKind: isContentGeneration,
    onAnswer: (answer) => {
      if (!isFinished(answer) || settled.current.has(answer._id)) return;
      settled.current.add(answer._id);
      refreshContent(campaign._id, campaign.company);
      latest.current(answer);
    },
  });
  return generation;
};

/** The spec's failure toast for a generation: the server's message when there is one. */
const generationFailed = (generation: ContentGeneration) =>
  generation.error?.trim() || CONTENT_TOASTS.generateFailed;

/**
 * 'Generate Content': starts a generation and follows it. Success toasts 'Content generated
 * successfully'; a refusal or a failure toasts the server's message, else 'Failed to generate
 * content'. Refused because the campaign is no longer active (paused in another tab), the
 * campaign is read again, so the dialog offers to activate it.
 */
export const useContentGeneration = (
  campaign: Campaign,
  { onSucceeded }: { onSucceeded: (generation: ContentGeneration) => void },
) => {
  const generate = useGenerateContent();
  const { refreshCampaign } = useCampaignCache();
  const [started, setStarted] = useState<{ _id: string; platform: PlatformId } | null>(null);
  const [starting, setStarting] = useState(false);
  const generation = useFinishedGeneration(campaign, started?._id ?? null, (finished) => {
    setStarted(null);
    if (finished.status === 'succeeded') {
      toast.success(CONTENT_TOASTS.generated);
      // The owner asked for a text: say when none could go out, and why.
      if (finished.notification === 'no-verified-phone') toast(CONTENT_SCREEN_TEXTS.noTextSent);
      if (finished.notification === 'opted-out') toast(CONTENT_SCREEN_TEXTS.textsOff);
      if (finished.notification === 'failed') toast.error(CONTENT_SCREEN_TEXTS.textFailed);
      onSucceeded(finished);
    } else {
      toast.error(generationFailed(finished));
    }
  });

  const start = async (body: GenerateContentBody): Promise<void> => {
    setStarting(true);
    try {
      const { generationId } = await generate(campaign._id, campaign.company, body);
      setStarted({ _id: generationId, platform: body.platform });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CAMPAIGN_NOT_ACTIVE') {
        refreshCampaign(campaign._id);
      }
      if (!isSessionEnded(error)) toast.error(messageOf(error, CONTENT_TOASTS.generateFailed));
    } finally {
      setStarting(false);
    }
  };

  return {
    start,
    starting,
    /** A generation started here is running. */
    running: started !== null,
    /** The generation started here while it runs: its id and platform. */
    started,
    /** Its latest answer (undefined until the first poll answers). */
    generation: generation && !isFinished(generation) ? generation : undefined,
  };
};

/**
 * An AI revision of a post: followed until it finishes; a failure toasts its message (else
 * 'Failed to modify content'). A revision found on a post rather than started here (`found`) is
 * only announced when it was seen running: one that had long ended is dropped quietly.
 */
export const useRevision = (
  campaign: Campaign,
  generationId: string | null,
  onDone: () => void,
  { found = false }: { found?: boolean } = {},
) => {
  const seenRunning = useRef(false);
  const generation = useFinishedGeneration(campaign, generationId, (finished) => {
    if (finished.status === 'failed' && (!found || seenRunning.current)) {
      toast.error(finished.error?.trim() || CONTENT_TOASTS.modifyFailed);
    }
    onDone();
  });
  if (generation && !isFinished(generation)) seenRunning.current = true;
  return generation;
};
