import { REGISTRATIONS_PER_CLIENT_PER_HOUR } from '#shared/domain/limits';
import { takeOne, type RateRule } from '../core/limits/rate-limit';
import { waitText } from '../core/limits/wait-text';

/**
 * New accounts per client address: counted before any work (a refused email or phone counts
 * too, so registration cannot be used to test many addresses for accounts either).
 */
const registrationsFromClient: RateRule = {
  name: 'register-client',
  max: REGISTRATIONS_PER_CLIENT_PER_HOUR,
  windowSeconds: 60 * 60,
  code: 'REGISTRATION_THROTTLED',
  message: (seconds) =>
    `Too many accounts were created from your network. Please try again in ${waitText(seconds)}.`,
};

export const countRegistration = async (client: string): Promise<void> => {
  await takeOne(registrationsFromClient, client);
};
