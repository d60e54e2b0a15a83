import { putProductMetric } from '#functions/core/metrics';
import { recordOutboxMessage } from '../outbox/outbox-entity';
import type { SmsSender } from './sms-sender';
import { countTextSent } from './texts-sent';

/** The sandbox's texts: kept in the outbox and listed in the dev inbox under the phone number. */
export const outboxSmsSender: SmsSender = {
  async send({ to, text }) {
    await recordOutboxMessage({ channel: 'sms', to, text });
    await countTextSent();
    putProductMetric('TextsSent', 1);
  },

  // The sandbox keeps no carrier opt-out list: the app's own (the user's smsOptedOut) is the one.
  optIn: async () => true,
};
