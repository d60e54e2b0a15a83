import { describe, expect, it } from 'vitest';
import { withEnvironment } from '#functions/core/environment';
import { lambdaJobStarter } from './lambda-job-starter';
import { jobStarter } from './provider';
import { sandboxJobStarter } from './sandbox-job-starter';

describe('job starter provider', () => {
  it('uses the sandbox’s events service in the sandbox and Lambda everywhere else', async () => {
    expect(await withEnvironment({ SANDBOX: 'true' }, jobStarter)).toBe(sandboxJobStarter);
    expect(await withEnvironment({ SANDBOX: 'false' }, jobStarter)).toBe(lambdaJobStarter);
    expect(await withEnvironment({}, jobStarter)).toBe(lambdaJobStarter);
  });
});
