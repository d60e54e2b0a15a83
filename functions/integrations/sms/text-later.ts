import * as z from 'zod';
import { userEntity } from '#functions/core/db/entities/user';
import { ThroughputWait } from '#functions/core/limits/throughput';
import { workQueue } from '../queues/provider';
import { delayForWait } from '../queues/work-queue';
import { smsSender } from './provider';
import type { SmsMessage } from './sms-sender';

/**
 * One text that waits for the identity's throughput on the text-later queue. `textId` names the
 * text for good (the digest's id, the reply's message id, …): the job claims it before sending, so
 * a redelivered item sends nothing twice. `ownerId` is the account it is for: when the text's turn
 * comes, it goes only if that account still has `to` as its verified phone and has not replied
 * STOP meanwhile (absent only for the confirmation of STOP itself, which goes to an opted-out
 * number by its nature).
 */
export const textLaterItem = z.object({
  textId: z.string().min(1).max(256),
  to: z.string().min(1).max(32),
  text: z.string().min(1).max(1600),
  ownerId: z.string().min(1).max(64).optional(),
});
export type TextLaterItem = z.output<typeof textLaterItem>;

/** Puts the text on the text-later queue, received once the bucket has room again. */
export const queueTextLater = async (item: TextLaterItem, waitMs: number): Promise<void> =>
  (await workQueue()).send('text-later', [
    {
      body: item,
      delaySeconds: delayForWait(waitMs),
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
  { ownerId }: { ownerId?: string } = {},
): Promise<'sent' | 'queued'> => {
  try {
    await (await smsSender()).send(message);
    return 'sent';
  } catch (error) {
    if (!(error instanceof ThroughputWait)) throw error;
    const item = { textId, to: message.to, text: message.text, ...(ownerId ? { ownerId } : {}) };
    await queueTextLater(item, error.waitMs);
    return 'queued';
  }
};

/**
 * Whether a waiting text is still wanted when its turn comes: its account still has the number
 * as its verified phone and has not opted out since it was queued.
 */
export const stillWanted = async (item: TextLaterItem): Promise<boolean> => {
  if (!item.ownerId) return true;
  const { data: owner } = await userEntity().get({ userId: item.ownerId }).go({ consistent: true });
  return Boolean(owner?.phoneVerified && owner.phoneNumber === item.to && !owner.smsOptedOut);
};
