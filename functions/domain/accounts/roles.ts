import { ROLES, type Role } from '#shared/domain/users';
import { uniqueClaimEntity } from '../../core/db/entities/unique-claim';
import { userEntity } from '../../core/db/entities/user';
import { NotFound } from '../../core/errors';

/**
 * Who is staff (or admin) is decided by whoever runs the stage, never over HTTP: this is called by
 * `npm run role` (with the deployer's AWS credentials) and by the sandbox's own route for tests.
 * Every request reads its caller's account (authenticate.ts), so the new role applies to the next
 * request, and the web app learns it at its next token refresh (the refresh answers the user).
 * Founder is not set here: it comes with a founder seat.
 */
export const ASSIGNABLE_ROLES = ['user', 'staff', 'admin'] as const satisfies readonly Role[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const isAssignableRole = (value: unknown): value is AssignableRole =>
  typeof value === 'string' && (ASSIGNABLE_ROLES as readonly string[]).includes(value);

/** Sets the role of the account with this email; answers its id and its role before. */
export const setRoleByEmail = async (
  email: string,
  role: AssignableRole,
): Promise<{ userId: string; previous: Role }> => {
  const { data: claim } = await uniqueClaimEntity()
    .get({ kind: 'email', value: email.trim().toLowerCase() })
    .go({ consistent: true });
  const { data: user } = claim
    ? await userEntity().get({ userId: claim.userId }).go({ consistent: true })
    : { data: null };
  if (!user) throw new NotFound('USER_NOT_FOUND', `No account has the email ${email}`);
  if (!(ROLES as readonly string[]).includes(role)) throw new Error(`Unknown role ${role}`);
  await userEntity().patch({ userId: user.userId }).set({ role }).go({ response: 'none' });
  return { userId: user.userId, previous: user.role };
};
