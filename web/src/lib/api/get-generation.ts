import type { SWRConfiguration } from 'swr';
import type { AnyGeneration, Generation } from '#shared/contract/ai';
import type { ContentGeneration } from '#shared/contract/content';
import { GENERATION_POLL_MS } from '#shared/domain/ai-campaigns';
import { ApiError, callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useQuery } from '#web/lib/query';

const route = apiRoute('GET /ai/generations/{generationId}');

export const generationKey = (generationId: string) => ['ai-generation', generationId] as const;

export const fetchGeneration = (generationId: string): Promise<AnyGeneration> =>
  callApi(route, { params: { generationId } });

export const isCampaignGeneration = (generation: AnyGeneration): generation is Generation =>
  generation.kind === 'generate' || generation.kind === 'refine';
export const isContentGeneration = (generation: AnyGeneration): generation is ContentGeneration =>
  generation.kind === 'content' || generation.kind === 'revision';

export const isFinished = (generation: Pick<AnyGeneration, 'status'>): boolean =>
  generation.status === 'succeeded' || generation.status === 'failed';

/** The longest wait between two tries after the poll itself failed (offline, a 5xx). */
const RETRY_MAX_MS = 10_000;

/**
 * How a generation is going, asked every GENERATION_POLL_MS until it has succeeded or failed.
 * A poll that fails for want of an answer (offline, a 5xx) is tried again, a little later each
 * time, for as long as the page is open; a refusal (404: the generation is gone) stops it.
 */
export const useGeneration = <T extends AnyGeneration>(
  generationId: string | null,
  {
    onAnswer,
    ofKind,
  }: {
    onAnswer: (generation: T) => void;
    /** The kind of generation the caller polls (the route answers every kind). */
    ofKind: (generation: AnyGeneration) => generation is T;
  },
) => {
  const options: SWRConfiguration<AnyGeneration> = {
    refreshInterval: (latest) => (latest && isFinished(latest) ? 0 : GENERATION_POLL_MS),
    // A generation is only polled while it runs: the cache must not pass an old answer for new.
    revalidateOnMount: true,
    revalidateIfStale: true,
    dedupingInterval: 0,
    onSuccess: (answer) => {
      if (ofKind(answer)) onAnswer(answer);
    },
    onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) return;
      const wait = Math.min(RETRY_MAX_MS, GENERATION_POLL_MS * 2 ** Math.min(retryCount, 3));
      setTimeout(() => void revalidate({ retryCount }), wait);
    },
  };
  const { data, error } = useQuery(
    generationId ? generationKey(generationId) : null,
    () => fetchGeneration(generationId!),
    options,
  );
  return {
    generation: data?._id === generationId && ofKind(data) ? data : undefined,
    /** The last poll failed (it is tried again unless the generation is gone). */
    error: error as unknown,
  };
};
