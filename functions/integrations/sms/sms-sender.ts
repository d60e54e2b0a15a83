export interface SmsMessage {
  /** E.164, e.g. +15555551234. */
  to: string;
  text: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** The recipient has replied STOP: carriers and SNS forbid texting them until they opt back in. */
export class SmsOptedOutError extends Error {
  constructor(readonly phoneNumber: string) {
    super('The phone number has opted out of text messages');
    this.name = 'SmsOptedOutError';
  }
}
