import * as z from 'zod';
import { ThroughputWait } from '#functions/core/limits/throughput';
import { workQueue } from '../queues/provider';
import { MAX_DELAY_SECONDS } from '../queues/work-queue';
import { smsSender } from './provider';
import type { SmsMessage } from './sms-sender';

/**
 * One text that waits for the identity's throughput on the text-later queue. `textId` names the
 * text for good (the digest's id, the reply's message id, …): the job claims it before sending, so
 * a redelivered item sends nothing twice.
 */
export const textLaterItem = z.object({
  textId: z.string().min(1).max(256),
  to: z.string().min(1).max(32),
  text: z.string().min(1).max(1600),
});
export type TextLaterItem = z.output<typeof textLaterItem>;

/** Puts the text on the text-later queue, received once the bucket has room again. */
export const queueTextLater = async (item: TextLaterItem, waitMs: number): Promise<void> =>
  (await workQueue()).send('text-later', [
    {
      body: item,
      delaySeconds: Math.min(MAX_DELAY_SECONDS, Math.max(1, Math.ceil(waitMs / 1000))),
    },
  ]);

/**
 * Sends the text now or, when the identity's throughput has no room within a text's wait
 * (ThroughputWait), queues it to be sent once there is: a text over the limit waits, it is never
 * dropped. Every other failure (an opted-out number, the provider's error) is the caller's, as
 * with the sender itself.
 */
export const sendTextNowOrLater = async (
  textId: string,
  message: SmsMessage,
): Promise<'sent' | 'queued'> => {
  try {
    await (await smsSender()).send(message);
    return 'sent';
  } catch (error) {
    if (!(error instanceof ThroughputWait)) throw error;
    await queueTextLater({ textId, to: message.to, text: message.text }, error.waitMs);
    return 'queued';
  }
};
