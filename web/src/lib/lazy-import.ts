/** A lazily loaded screen that has not arrived after this long fails, rather than spin forever. */
export const LAZY_SCREEN_TIMEOUT_MS = 120_000;

/** What a screen that failed to load (network error, new deployment, time-out) surfaces as. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

export const importWithTimeout = <T>(
  load: () => Promise<T>,
  timeoutMs: number = LAZY_SCREEN_TIMEOUT_MS,
): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new ChunkLoadError(`Loading the screen timed out after ${timeoutMs / 1000} seconds`),
        ),
      timeoutMs,
    );
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('Loading the screen failed', { cause }));
      },
    );
  });
