import { usersRoutes } from '#shared/contract/users';
import { NotFound } from '../core/errors';
import { createGroupHandler } from '../core/http/group-handler';
import { countUsers } from '../domain/accounts/user-count';
import { businessNumbers, businessNumbersCsv } from './business-numbers';
import { updateProfile } from './profile';
import { toPublicUser } from '../domain/accounts/public-user';

export const handler = createGroupHandler(usersRoutes, {
  countTotal: async () => ({ total: await countUsers() }),

  // Admins only: the gateway's authentication answers anyone else 404.
  businessNumbers: async ({ query }) => businessNumbers(query),

  businessNumbersCsv: async ({ query }) => {
    const numbers = await businessNumbers(query);
    return {
      fileName: `sailpost-numbers-${numbers.from}-to-${numbers.to}.csv`,
      csv: businessNumbersCsv(numbers),
    };
  },

  update: async ({ params, body, caller }) => {
    // Only one's own profile; another account's id answers as if it did not exist.
    if (params.id !== caller.userId) throw new NotFound('USER_NOT_FOUND', 'User not found');
    return toPublicUser(await updateProfile(caller.user, body));
  },
});
