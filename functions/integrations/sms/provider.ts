import { config } from '#functions/core/config';
import type { SmsSender } from './sms-sender';

/**
 * AWS End User Messaging SMS in AWS; the sandbox's outbox (shown at /_sandbox under the phone
 * number) locally. Each is loaded only when a text is sent, so a request that texts nobody never
 * loads the SDK.
 */
export const smsSender = async (): Promise<SmsSender> =>
  config().SANDBOX
    ? (await import('./outbox-sms-sender')).outboxSmsSender
    : (await import('./end-user-messaging-sms-sender')).endUserMessagingSmsSender;
