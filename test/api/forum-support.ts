import { randomUUID } from 'node:crypto';
import type {
  ForumCategory,
  ForumPost,
  ForumThread,
  ForumThreadPage,
} from '#shared/contract/forum';
import type { Role } from '#shared/domain/users';
import { setRole } from './db';
import { call, registerUser } from './http';

/**
 * Forum members for the API tests. Roles are set in the table, never left to the founder seats
 * (whether an account is among the first 50 depends on which files ran before).
 */
export interface Member {
  token: string;
  userId: string;
  email: string;
}

export const member = async (role: Role, name: { firstName?: string } = {}): Promise<Member> => {
  const { token, user } = await registerUser(name);
  await setRole(user._id, role);
  return { token, userId: user._id, email: user.email };
};

/** A name no other test (or earlier run on the same table) has used. */
export const uniqueName = (lead: string) => `${lead} ${randomUUID().slice(0, 8)}`;

export const newCategory = async (
  who: Member,
  name: string = uniqueName('Roasting'),
): Promise<ForumCategory> => {
  const created = await call<ForumCategory>('POST', '/forum/categories', {
    token: who.token,
    body: { name, description: 'Beans, heat and time', order: 1 },
  });
  if (created.status !== 201) throw new Error(`category: ${JSON.stringify(created.body)}`);
  return created.body;
};

export const newThread = async (
  who: Member,
  categoryId: string,
  title = 'Oat milk or almond?',
): Promise<ForumThread> => {
  const created = await call<ForumThread>('POST', '/forum/threads', {
    token: who.token,
    body: { title, content: 'What do your **regulars** ask for?', categoryId },
  });
  if (created.status !== 201) throw new Error(`thread: ${JSON.stringify(created.body)}`);
  return created.body;
};

export const reply = async (
  who: Member,
  threadId: string,
  content = 'Oat, by far.',
): Promise<ForumPost> => {
  const created = await call<ForumPost>('POST', '/forum/posts', {
    token: who.token,
    body: { content, threadId },
  });
  if (created.status !== 201) throw new Error(`reply: ${JSON.stringify(created.body)}`);
  return created.body;
};

export const readThread = async (who: Member, threadId: string) =>
  call<ForumThreadPage>('GET', `/forum/threads/${threadId}?limit=100`, { token: who.token });
