import { useCallback, useEffect, useRef, useState } from 'react';

/** A chosen file's row: its id and the object URL of its preview ('' without one). */
export interface FileItem {
  id: string;
  previewUrl: string;
}

/** Object URLs exist only in browsers (jsdom has none). */
export const previewOf = (file: File): string =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
const releasePreview = (url: string) => {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
};

export const isAbort = (error: unknown) =>
  error instanceof DOMException && error.name === 'AbortError';

/**
 * The rows of chosen files a dialog or form works on (uploads, descriptions), with what each has
 * running: `startWork` gives a row's work its AbortController (stopping the one before it),
 * removing a row stops its work and frees its preview, and leaving the screen stops everything and
 * frees every preview.
 */
export const useFileItems = <T extends FileItem>(idPrefix: string) => {
  const [items, setItems] = useState<T[]>([]);
  const nextId = useRef(0);
  const running = useRef(new Map<string, AbortController>());
  // What removal and cleanup need: the current items, whatever render they run after.
  const latest = useRef(items);
  useEffect(() => {
    latest.current = items;
  });

  const newId = useCallback(() => `${idPrefix}-${(nextId.current += 1)}`, [idPrefix]);

  const update = useCallback((id: string, patch: Partial<T>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }, []);

  const append = useCallback((added: readonly T[]) => {
    setItems((list) => [...list, ...added]);
  }, []);

  const startWork = useCallback((id: string) => {
    running.current.get(id)?.abort();
    const controller = new AbortController();
    running.current.set(id, controller);
    return {
      signal: controller.signal,
      /** Forgets the controller, unless newer work of the row has replaced it. */
      done: () => {
        if (running.current.get(id) === controller) running.current.delete(id);
      },
    };
  }, []);

  const stopAll = useCallback(() => {
    for (const controller of running.current.values()) controller.abort();
    running.current.clear();
    for (const item of latest.current) releasePreview(item.previewUrl);
  }, []);

  const remove = useCallback((id: string) => {
    running.current.get(id)?.abort();
    running.current.delete(id);
    const item = latest.current.find((candidate) => candidate.id === id);
    if (item) releasePreview(item.previewUrl);
    setItems((list) => list.filter((candidate) => candidate.id !== id));
  }, []);

  /** Stops everything, frees every preview, and starts again with `next` (none by default). */
  const replaceAll = useCallback(
    (next: readonly T[] = []) => {
      stopAll();
      setItems([...next]);
    },
    [stopAll],
  );

  useEffect(() => stopAll, [stopAll]);

  return { items, latest, newId, update, append, startWork, remove, replaceAll };
};
