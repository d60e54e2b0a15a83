import { usersRoutes } from '#shared/contract/users';
import { createGroupHandler } from '../core/http/group-handler';
import { NotFoundError } from '../core/http/errors';
import { countUsers } from './accounts';
import { updateProfile } from './profile';
import { toPublicUser } from './public-user';

export const handler = createGroupHandler(usersRoutes, {
  countTotal: async () => ({ total: await countUsers() }),

  update: async ({ params, body, caller }) => {
    // Only one's own profile; another account's id answers as if it did not exist.
    if (params.id !== caller.userId) throw new NotFoundError('User not found');
    return toPublicUser(await updateProfile(caller.user, body));
  },
});
