import { currentEnvironment } from '#functions/core/environment';
import type { Scheduler } from './scheduler';

/**
 * EventBridge Scheduler in AWS, the sandbox's events service locally. Each is loaded only when
 * chosen, so the sandbox never loads the Scheduler SDK and a Lambda never loads the sandbox code.
 */
export const scheduler = async (): Promise<Scheduler> =>
  currentEnvironment().SANDBOX === 'true'
    ? (await import('./sandbox-scheduler')).sandboxScheduler
    : (await import('./eventbridge-scheduler')).eventBridgeScheduler;
