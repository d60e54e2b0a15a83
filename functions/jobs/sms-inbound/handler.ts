import { defineJob } from '#functions/core/jobs/define-job';
import { answerInboundSms } from './answer-reply';
import { inboundSmsEvent } from './inbound-event';

/**
 * A text reply to Sailpost (End User Messaging → the jobs stack's inbound SMS topic, or the
 * sandbox phone): acts on it and texts back what was done (answer-reply.ts). SNS delivers at least
 * once; the run is claimed by the message's own id, so a redelivery neither acts nor answers twice.
 */
export const handler = defineJob({
  name: 'sms-inbound',
  event: inboundSmsEvent,
  idempotencyKey: (message) => message.inboundMessageId,
  run: (message, { logger }) => answerInboundSms(message, logger),
});
