import { currentEnvironment } from '#functions/core/environment';
import type { WorkQueue } from './work-queue';

/**
 * SQS in AWS, the sandbox's queue service locally. Each is loaded only when chosen, so the sandbox
 * never loads the SQS SDK and a Lambda never loads the sandbox code.
 */
export const workQueue = async (): Promise<WorkQueue> =>
  currentEnvironment().SANDBOX === 'true'
    ? (await import('./sandbox-work-queue')).sandboxWorkQueue
    : (await import('./sqs-work-queue')).sqsWorkQueue;
