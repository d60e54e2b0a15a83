import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, importWithTimeout, LAZY_SCREEN_TIMEOUT_MS } from './lazy-import';

describe('importWithTimeout', () => {
  it('resolves with the module when it arrives in time', async () => {
    await expect(importWithTimeout(async () => ({ Screen: 'ok' }))).resolves.toEqual({
      Screen: 'ok',
    });
  });

  it('fails with a ChunkLoadError after 120 seconds', async () => {
    vi.useFakeTimers();
    const pending = importWithTimeout(() => new Promise<never>(() => undefined));
    const assertion = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(LAZY_SCREEN_TIMEOUT_MS);
    await assertion;
    expect(LAZY_SCREEN_TIMEOUT_MS).toBe(120_000);
  });

  it('turns a failed import into a ChunkLoadError', async () => {
    const error = await importWithTimeout(() => Promise.reject(new Error('network'))).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).name).toBe('ChunkLoadError');
  });
});
