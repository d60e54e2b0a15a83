import { vi } from 'vitest';
import { logger } from '#functions/core/logger';

/**
 * The structured log lines the shared logger writes while `run` runs, parsed (other output on
 * stdout and stderr, such as a metric's EMF line, is kept too: each line that is JSON). The
 * logger is set to INFO for the run and put back after.
 */
export const logLinesOf = async (
  run: () => Promise<unknown>,
): Promise<Record<string, unknown>[]> => {
  const lines: Record<string, unknown>[] = [];
  const capture = (chunk: unknown) => {
    for (const line of String(chunk).split('\n')) {
      if (!line.trim().startsWith('{')) continue;
      lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    return true;
  };
  const level = logger.getLevelName();
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  logger.setLogLevel('INFO');
  try {
    await run().catch(() => undefined);
  } finally {
    logger.setLogLevel(level);
    stdout.mockRestore();
    stderr.mockRestore();
  }
  return lines;
};
