import * as z from 'zod';
import { requestPasswordReset } from '#functions/auth/password-reset';
import { defineJob } from '#functions/core/jobs/define-job';

/**
 * Emails a password reset link, after POST /auth/forgot-password has answered: the answer then
 * takes the same time whether or not the address has an account. One request, one run.
 */
export const handler = defineJob({
  name: 'password-reset-email',
  event: z.object({ email: z.string().min(1).max(254), requestId: z.string().min(1) }),
  idempotencyKey: (event) => event.requestId,
  run: ({ email }) => requestPasswordReset(email),
});
