import * as z from 'zod';
import { FOUNDER_ACCOUNT_CAP } from '../domain/limits';
import { ROLES, TOUR_IDS } from '../domain/users';
import { adminRoutes } from './admin';
import { defineRoute } from './route';
import { text, usPhone } from './fields';

/** The user as every API answer shows it; never a hash, a secret or a token version. */
export const userSchema = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  role: z.enum(ROLES),
  completedTours: z.array(z.string()),
  isPhoneVerified: z.boolean(),
  /** The owner replied STOP: nothing is texted until START or verifying the phone again. */
  smsOptedOut: z.boolean(),
  /** The linked Google account's address, masked (`a…@gmail.com`); null when none is linked. */
  googleEmail: z.string().nullable(),
  /** The account has no password (made through Google): Google is its only sign-in, kept linked. */
  googleOnly: z.boolean(),
  /** "Email me about forum replies": on unless the user turned it off. */
  forumReplyEmails: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const firstName = () => text('First name', 'First name is required', 100);
export const lastName = () => text('Last name', 'Last name is required', 100);

export const updateUserBody = z.strictObject(
  {
    firstName: firstName().optional(),
    lastName: lastName().optional(),
    phoneNumber: usPhone('Phone number is required for 2FA and content updates').optional(),
    completedTours: z
      .array(z.enum(TOUR_IDS, { error: 'Unknown tour' }), {
        error: 'completedTours must be a list',
      })
      .max(TOUR_IDS.length * 2, 'Too many tours')
      .transform((tours) => [...new Set(tours)])
      .optional(),
    forumReplyEmails: z.boolean({ error: 'forumReplyEmails must be true or false' }).optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `These fields cannot be changed: ${issue.keys.join(', ')}`
        : 'Body must be a JSON object',
  },
);
export type UpdateUserBody = z.input<typeof updateUserBody>;

export const usersRoutes = {
  countTotal: defineRoute({
    method: 'GET',
    path: '/users/count/total',
    group: 'users',
    access: 'public',
    summary: `Total number of accounts (founder seats remaining = ${FOUNDER_ACCOUNT_CAP} - total)`,
    response: z.object({ total: z.number().int().nonnegative() }),
    errors: [],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/users/{id}',
    owners: { id: 'caller' },
    group: 'users',
    access: 'user',
    summary: "Update the caller's own profile",
    body: updateUserBody,
    response: userSchema,
    errors: ['USER_NOT_FOUND', 'PHONE_TAKEN', 'PROFILE_CHANGED'],
  }),
  ...adminRoutes,
} as const;
