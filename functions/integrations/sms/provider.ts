import { config } from '#functions/core/config';
import { takeThroughput } from '#functions/core/limits/throughput';
import type { SmsSender } from './sms-sender';

/**
 * A text waits this long at most for the origination identity's throughput (the `sms-texts`
 * bucket); longer, ThroughputWait. At the stage's rate that is a backlog of many texts, which the
 * mornings' concurrency (derived from the same rate) never builds.
 */
export const TEXT_WAIT_MS = 8_000;

/** Every text, whoever sends it, goes through the one bucket of the identity's throughput. */
const withinThroughput = (sender: SmsSender): SmsSender => ({
  async send(message) {
    await takeThroughput('sms-texts', 1, { maxWaitMs: TEXT_WAIT_MS });
    await sender.send(message);
  },
  optIn: (phoneNumber) => sender.optIn(phoneNumber),
});

/**
 * AWS End User Messaging SMS in AWS; the sandbox's outbox (shown at /_sandbox under the phone
 * number) locally. Each is loaded only when a text is sent, so a request that texts nobody never
 * loads the SDK.
 */
export const smsTransport = async (): Promise<SmsSender> =>
  config().SANDBOX
    ? (await import('./outbox-sms-sender')).outboxSmsSender
    : (await import('./end-user-messaging-sms-sender')).endUserMessagingSmsSender;

/** What every text is sent with: the transport, behind the identity's throughput. */
export const smsSender = async (): Promise<SmsSender> => withinThroughput(await smsTransport());
