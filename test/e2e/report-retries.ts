import { beforeEach, onTestFailed } from 'vitest';

/**
 * A browser test that fails once and passes on its retry counts as passed, and Vitest's reporters
 * then drop the first attempt's error. Printing every failed attempt here keeps the cause of a
 * flaky test in the CI log, where it can be read and fixed.
 */
beforeEach(() => {
  onTestFailed(({ task }) => {
    const attempt = (task.result?.retryCount ?? 0) + 1;
    const errors = task.result?.errors ?? [];
    const lines = errors.map((error) => error.stack ?? error.message);
    console.error(
      `[browser test failed, attempt ${attempt}] ${task.file.name} > ${task.name}\n${lines.join('\n')}`,
    );
  });
});
