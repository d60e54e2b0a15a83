import { useCallback } from 'react';
import toast from 'react-hot-toast';
import type { GeneratorMedia } from '#shared/contract/ai';
import { AI_CAMPAIGN_TOASTS } from '#shared/domain/ai-campaigns';
import { CAMPAIGN_MEDIA_TYPES, type MediaType } from '#shared/domain/campaigns';
import { isSessionEnded, messageOf } from '#web/lib/error-text';
import { isAbort, previewOf, useFileItems } from '#web/lib/use-file-items';
import { analyzeMedia } from './api/analyze-media';
import { mediaDescriptionOf } from './draft-to-campaign';
import { imageForAnalysis } from './scale-image';

/** Where an image's description stands; videos are described by the owner. */
export type AnalysisState = 'idle' | 'analyzing' | 'described' | 'failed';

/** One file of the media area, held in memory until 'Use This Campaign' uploads it. */
export interface GeneratorMediaItem {
  id: string;
  /** Null for a file chosen before the page was left: its name and description came back, not the file. */
  file: File | null;
  fileName: string;
  type: MediaType;
  /** An object URL of the file, for its preview ('' without one). */
  previewUrl: string;
  description: string;
  analysis: AnalysisState;
}

const typeOf = (file: File): MediaType =>
  CAMPAIGN_MEDIA_TYPES[file.type as keyof typeof CAMPAIGN_MEDIA_TYPES]?.type ?? 'image';

/** Why a description failed, after 'Failed to analyze media: '. */
const analysisFailure = (error: unknown): string =>
  messageOf(error, error instanceof Error && error.message ? error.message : 'Please try again.');

/**
 * The generator's media area. Each image is described as it is added: scaled down in the browser
 * and sent to POST /ai/analyze-media; the description comes back into its editable field
 * ('Media analyzed successfully!', or 'Failed to analyze media: {message}' and the owner writes
 * it). Videos are not analysed: the owner describes them. The files stay in memory for 'Use This
 * Campaign'; leaving the page stops what runs and frees the previews.
 */
export const useGeneratorMedia = (companyId: string) => {
  const { items, newId, update, append, startWork, remove, replaceAll } =
    useFileItems<GeneratorMediaItem>('media');

  const analyze = useCallback(
    async (item: GeneratorMediaItem) => {
      if (!item.file || item.type !== 'image') return;
      const work = startWork(item.id);
      update(item.id, { analysis: 'analyzing' });
      try {
        const image = await imageForAnalysis(item.file);
        const { analysis } = await analyzeMedia(
          { companyId, fileName: item.fileName, image },
          work.signal,
        );
        update(item.id, {
          analysis: 'described',
          description: mediaDescriptionOf(analysis.description),
        });
        toast.success(AI_CAMPAIGN_TOASTS.mediaAnalyzed, { id: 'media-analyzed' });
      } catch (error) {
        if (isAbort(error)) return;
        update(item.id, { analysis: 'failed' });
        if (!isSessionEnded(error)) {
          toast.error(`${AI_CAMPAIGN_TOASTS.analyzeFailed}: ${analysisFailure(error)}`);
        }
      } finally {
        work.done();
      }
    },
    [companyId, startWork, update],
  );

  const add = (files: readonly File[]) => {
    const added = files.map((file): GeneratorMediaItem => ({
      id: newId(),
      file,
      fileName: file.name,
      type: typeOf(file),
      previewUrl: previewOf(file),
      description: '',
      analysis: 'idle',
    }));
    append(added);
    for (const item of added) void analyze(item);
  };

  const setDescription = (id: string, description: string) => update(id, { description });

  const clear = useCallback(() => replaceAll(), [replaceAll]);

  /** The media of a generation asked before the page was left: names and descriptions only. */
  const restore = useCallback(
    (media: readonly GeneratorMedia[]) =>
      replaceAll(
        media.map((entry): GeneratorMediaItem => ({
          id: newId(),
          file: null,
          fileName: entry.fileName,
          type: entry.type,
          previewUrl: '',
          description: entry.description,
          analysis: 'idle',
        })),
      ),
    [newId, replaceAll],
  );

  return {
    items,
    add,
    remove,
    setDescription,
    analyze,
    clear,
    restore,
    /** An image is being described. */
    analyzing: items.some((item) => item.analysis === 'analyzing'),
    /** The media area as the generate body carries it. */
    asBody: (): GeneratorMedia[] =>
      items.map(({ fileName, type, description }) => ({
        fileName,
        type,
        description: mediaDescriptionOf(description),
      })),
  };
};

export type GeneratorMediaState = ReturnType<typeof useGeneratorMedia>;
