import { afterAll, beforeAll } from 'vitest';
import { resetConfigForTests } from '#functions/core/config';

/**
 * Sets `variables` in process.env for the enclosing describe block (config read afresh), and puts
 * the environment back after it.
 */
export const useProcessEnvironment = (variables: Record<string, string>): void => {
  const saved = { ...process.env };
  beforeAll(() => {
    Object.assign(process.env, variables);
    resetConfigForTests();
  });
  afterAll(() => {
    process.env = saved;
    resetConfigForTests();
  });
};
