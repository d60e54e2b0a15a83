import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  GenerateCampaignBody,
  Generation,
  GenerationStarted,
  RefineCampaignBody,
} from '#shared/contract/ai';
import {
  GENERATION_MESSAGES,
  type GenerationKind,
  type GenerationStage,
} from '#shared/domain/ai-campaigns';
import { ApiError } from '#web/lib/api-client';
import { isSessionEnded, messageOf } from '#web/lib/error-text';
import { useCampaignHistory } from './api/campaign-history';
import { generateCampaign } from './api/generate-campaign';
import { isCampaignGeneration, isFinished, useGeneration } from '#web/lib/api/get-generation';
import { refineCampaign } from './api/refine-campaign';
import { EMPTY_HISTORY, inFlightOf, versionsOf, withGeneration, type Version } from './history';

/** A generation under way, as the screen shows it. */
export interface Running {
  kind: GenerationKind;
  progress: number;
  stage: GenerationStage;
  /** The last poll got no answer; it is being tried again. */
  reconnecting: boolean;
}

interface Callbacks {
  /** A generation started or resumed here succeeded: its version is now the one shown. */
  onSucceeded: (version: Version) => void;
  /** …or failed, saying why. */
  onFailed: (kind: GenerationKind, message: string) => void;
}

/** A poll refused (404: the generation is gone); not a blip to ride out. */
const isGone = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && !isSessionEnded(error);

/**
 * The generator's history and the generation under way. The history is the company's newest, as
 * GET .../campaign-history answers it, kept in the SWR cache and updated by every poll: leaving
 * the page loses nothing, and coming back shows the versions and polls a generation still
 * running. 'Start New Campaign' sets the history aside (the next generation starts a new one).
 */
export const useGenerationSession = (companyId: string, callbacks: Callbacks) => {
  const { history: cached, failed: historyFailed, change, retry } = useCampaignHistory(companyId);
  /** The history set aside by 'Start New Campaign'. */
  const [setAside, setSetAside] = useState<string | null>(null);
  /** Started here and not yet finished (its first answer may not have come). */
  const [started, setStarted] = useState<(GenerationStarted & { kind: GenerationKind }) | null>(
    null,
  );
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const settled = useRef(new Set<string>());
  const latestCallbacks = useRef(callbacks);
  useEffect(() => {
    latestCallbacks.current = callbacks;
  });

  const history = cached && cached.historyId !== setAside ? cached : EMPTY_HISTORY;
  const versions = versionsOf(history);
  const inFlight = inFlightOf(history);
  const pollId = started?.generationId ?? inFlight?._id ?? null;
  const kind: GenerationKind | undefined = started?.kind ?? inFlight?.kind;

  const settle = useCallback((generation: Generation) => {
    if (settled.current.has(generation._id)) return;
    settled.current.add(generation._id);
    setStarted((current) => (current?.generationId === generation._id ? null : current));
    if (generation.status === 'succeeded' && generation.data) {
      setSelectedId(generation._id);
      latestCallbacks.current.onSucceeded(generation as Version);
    } else {
      latestCallbacks.current.onFailed(
        generation.kind,
        generation.error?.trim() || GENERATION_MESSAGES.lost,
      );
    }
  }, []);

  const { generation: polled, error: pollError } = useGeneration(pollId, {
    ofKind: isCampaignGeneration,
    onAnswer: (generation) => {
      change((current) => withGeneration(current, generation));
      if (isFinished(generation)) settle(generation);
    },
  });

  // A generation that is gone (deleted, or never recorded) reads as failed, once.
  useEffect(() => {
    if (!pollId || !kind || !isGone(pollError) || settled.current.has(pollId)) return;
    settled.current.add(pollId);
    setStarted(null);
    change(
      (current) =>
        current && {
          ...current,
          versions: current.versions.map((version) =>
            version._id === pollId
              ? { ...version, status: 'failed', error: GENERATION_MESSAGES.lost }
              : version,
          ),
        },
    );
    latestCallbacks.current.onFailed(kind, messageOf(pollError, GENERATION_MESSAGES.lost));
  }, [pollId, kind, pollError, change]);

  const begin = (kindStarted: GenerationKind, answer: GenerationStarted) => {
    settled.current.delete(answer.generationId);
    setStarted({ ...answer, kind: kindStarted });
  };

  /** POST /ai/generate-campaign; a refusal is thrown to the caller, which says why. */
  const generate = async (body: GenerateCampaignBody) => {
    begin('generate', await generateCampaign(body));
  };

  const refine = async (body: RefineCampaignBody) => {
    begin('refine', await refineCampaign(body));
  };

  const current = polled ?? (inFlight && inFlight._id === pollId ? inFlight : undefined);
  const running: Running | null = kind
    ? {
        kind,
        progress: Math.max(0, Math.min(100, current?.progress ?? 0)),
        stage: current?.stage ?? 'queued',
        reconnecting: Boolean(pollError) && !isGone(pollError),
      }
    : null;

  const selected = versions.find((version) => version._id === selectedId) ?? versions.at(-1);

  return {
    /** The history has been read (or could not be: the generator starts afresh). */
    ready: cached !== undefined || historyFailed,
    historyFailed,
    retryHistory: retry,
    versions,
    selected,
    select: (versionId: string) => setSelectedId(versionId),
    /** The newest generation of the history shown, finished or not (what step one was asked). */
    newest: history.versions.at(-1),
    running,
    generate,
    refine,
    /** Back to step one: the history shown is set aside; the next generation starts a new one. */
    startNew: () => {
      setSetAside(history.historyId);
      setSelectedId(null);
    },
  };
};
