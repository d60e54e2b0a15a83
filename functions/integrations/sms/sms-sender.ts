export interface SmsMessage {
  /** E.164, e.g. +15555551234. */
  to: string;
  text: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
  /**
   * The number replied START: take it off the sending identity's opt-out list, so it can be
   * texted again. False when the provider would not (AWS allows it once every 30 days per number).
   */
  optIn(phoneNumber: string): Promise<boolean>;
}

/**
 * The recipient has replied STOP: carriers and End User Messaging forbid texting them until they
 * opt back in.
 */
export class SmsOptedOutError extends Error {
  constructor(readonly phoneNumber: string) {
    super('The phone number has opted out of text messages');
    this.name = 'SmsOptedOutError';
  }
}
