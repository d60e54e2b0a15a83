import Stripe from 'stripe';
import { Unavailable } from '#functions/core/errors';
import { logger } from '#functions/core/logger';

/**
 * Stripe's failures in the domain's words. Only what a later try can fix becomes `Unavailable`
 * (503 BILLING_UNAVAILABLE): no answer, a time-out, a 5xx, Stripe's rate limit — and a key Stripe
 * refuses, which the owner cannot fix but an operator can. Anything else (a request Stripe finds
 * invalid) is our fault and stays an error (500). Every failure is logged with Stripe's request
 * id, which Stripe's dashboard finds; never the key, and never a request body.
 */

export const UNAVAILABLE_MESSAGE =
  'Billing is unavailable right now: we could not reach our payment provider. Please try again in a few minutes.';

const MISCONFIGURED_MESSAGE =
  'Billing is unavailable right now. We have been notified; please try again later.';

const isStripeError = (error: unknown): error is Stripe.errors.StripeError =>
  error instanceof Stripe.errors.StripeError;

/** Whether Stripe answered that the object does not exist (an id of another account, say). */
export const isStripeMissing = (error: unknown): boolean =>
  isStripeError(error) && error.statusCode === 404;

const failureOf = (error: unknown, step: string): Error => {
  if (!isStripeError(error)) return error instanceof Error ? error : new Error(String(error));
  const facts = {
    step,
    type: error.type,
    code: error.code,
    statusCode: error.statusCode,
    stripeRequestId: error.requestId,
  };
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    (error.statusCode ?? 0) >= 500
  ) {
    logger.warn('Stripe did not answer', facts);
    return new Unavailable('BILLING_UNAVAILABLE', UNAVAILABLE_MESSAGE);
  }
  if (
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError
  ) {
    // Its message may quote part of the key: not logged.
    logger.error('Stripe refused our API key', facts);
    return new Unavailable('BILLING_UNAVAILABLE', MISCONFIGURED_MESSAGE);
  }
  logger.error('Stripe refused a request', { ...facts, param: error.param, reason: error.message });
  return error;
};

/** Runs one Stripe call, turning its failure into the domain's (see above). */
export const callingStripe = async <T>(step: string, request: () => Promise<T>): Promise<T> => {
  try {
    return await request();
  } catch (error) {
    throw failureOf(error, step);
  }
};
