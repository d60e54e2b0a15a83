import { describe, expect, it } from 'vitest';
import { useLocalTable } from '#test/support/local-table';
import { claimVerifiedPhone } from '../domain/accounts/accounts';
import { uniqueClaimEntity } from '../core/db/entities/unique-claim';
import { userEntity, type UserRecord } from '../core/db/entities/user';
import { Conflict } from '../core/errors';
import { updateProfile } from './profile';

let counter = 0;
const newUser = async (phoneNumber: string): Promise<UserRecord> => {
  counter += 1;
  const { data } = await userEntity()
    .create({
      userId: `user-${counter}`,
      email: `user-${counter}@example.com`,
      passwordHash: 'scrypt$14$8$1$c2FsdA==$a2V5',
      firstName: 'Ada',
      lastName: 'Byron',
      phoneNumber,
      role: 'user',
    })
    .go();
  return data;
};

const stored = async (userId: string) =>
  (await userEntity().get({ userId }).go({ consistent: true })).data!;
const claimHolder = async (phoneNumber: string) =>
  (await uniqueClaimEntity().get({ kind: 'phone', value: phoneNumber }).go({ consistent: true }))
    .data?.userId;
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

/**
 * A profile update decided on a read that another request has since overtaken (two windows
 * saving at once: both read the profile, one writes first). Against DynamoDB Local.
 */
describe('updateProfile after another request changed the profile', () => {
  useLocalTable();

  it('refuses a second new number decided on the same read, keeping the first whole', async () => {
    const user = await newUser('+15550100001');
    expect(await claimVerifiedPhone(user.userId, '+15550100001')).toBe('verified');
    const read = await stored(user.userId);

    await updateProfile(read, { phoneNumber: '+15550100002' });
    const second = await refusal(updateProfile(read, { phoneNumber: '+15550100003' }));

    expect(second).toBeInstanceOf(Conflict);
    expect(second).toMatchObject({
      code: 'PROFILE_CHANGED',
      message: 'Your profile was changed in another window. Reload it and try again.',
    });
    expect(await stored(user.userId)).toMatchObject({
      phoneNumber: '+15550100002',
      phoneVerified: false,
    });
    expect(await claimHolder('+15550100001')).toBeUndefined();
    expect(await claimHolder('+15550100003')).toBeUndefined();
  });

  it('refuses a new number decided before a verification finished, leaving the verified number claimed', async () => {
    const user = await newUser('+15550100011');
    const read = await stored(user.userId);
    expect(await claimVerifiedPhone(user.userId, '+15550100011')).toBe('verified');

    const refused = await refusal(updateProfile(read, { phoneNumber: '+15550100012' }));

    expect(refused).toMatchObject({ code: 'PROFILE_CHANGED' });
    expect(await stored(user.userId)).toMatchObject({
      phoneNumber: '+15550100011',
      phoneVerified: true,
    });
    expect(await claimHolder('+15550100011')).toBe(user.userId);
  });

  it('writes only the fields sent: a name saved on an old read keeps the newer number and tours', async () => {
    const user = await newUser('+15550100021');
    const read = await stored(user.userId);
    await updateProfile(read, { phoneNumber: '+15550100022', completedTours: ['dashboard'] });

    await updateProfile(read, { firstName: 'Augusta' });

    expect(await stored(user.userId)).toMatchObject({
      firstName: 'Augusta',
      phoneNumber: '+15550100022',
      completedTours: ['dashboard'],
    });
  });
});
