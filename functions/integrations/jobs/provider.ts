import { currentEnvironment } from '#functions/core/environment';
import type { JobStarter } from './job-starter';

/**
 * Lambda in AWS, the sandbox's events service locally. Each is loaded only when chosen, so the
 * sandbox never loads the Lambda SDK and a Lambda never loads the sandbox code.
 */
export const jobStarter = async (): Promise<JobStarter> =>
  currentEnvironment().SANDBOX === 'true'
    ? (await import('./sandbox-job-starter')).sandboxJobStarter
    : (await import('./lambda-job-starter')).lambdaJobStarter;
