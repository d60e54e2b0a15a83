import * as z from 'zod';

/**
 * End User Messaging's two-way SMS message (what it publishes to the inbound topic):
 * `{ originationNumber, destinationNumber, messageKeyword, messageBody, inboundMessageId,
 * previousPublishedMessageId }`. Unknown fields are let through (AWS may add some).
 */
export const inboundSmsMessage = z.looseObject({
  originationNumber: z.string().min(1).max(32),
  destinationNumber: z.string().max(32).optional(),
  messageKeyword: z.string().max(64).optional(),
  // Long messages arrive whole (up to 10 segments); a reply longer than that is not a reply.
  messageBody: z.string().max(1600),
  inboundMessageId: z.string().min(1).max(128),
  previousPublishedMessageId: z.string().max(128).optional(),
});
export type InboundSmsMessage = z.output<typeof inboundSmsMessage>;

const jsonMessage = z.string().transform((text, context) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    context.addIssue({ code: 'custom', message: 'The SNS message is not JSON' });
    return z.NEVER;
  }
});

/** A Lambda subscription's SNS event: one record (SNS delivers one per invocation). */
const snsEvent = z
  .object({
    Records: z
      .array(z.object({ Sns: z.object({ Message: jsonMessage.pipe(inboundSmsMessage) }) }))
      .length(1),
  })
  .transform((event) => event.Records[0]!.Sns.Message);

/** The job's event: the SNS-wrapped form (AWS) or the bare message (the sandbox, tests). */
export const inboundSmsEvent = z.union([snsEvent, inboundSmsMessage]);
