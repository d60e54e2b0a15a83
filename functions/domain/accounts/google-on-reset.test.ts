import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../../core/db/entities/user';
import { googleIdentityDroppedByReset } from './google-on-reset';

const account = (fields: Partial<UserRecord>) =>
  ({ userId: 'u1', email: 'owner@example.com', ...fields }) as UserRecord;

describe('googleIdentityDroppedByReset', () => {
  it('drops a Google link under another address than the account’s', () => {
    const user = account({ googleEmail: 'stranger@gmail.com', googleIdentity: 'iss 1' });
    expect(googleIdentityDroppedByReset(user)).toBe('iss 1');
  });

  it('keeps a Google link under the account’s own address, whatever its case', () => {
    const user = account({ googleEmail: 'Owner@Example.com', googleIdentity: 'iss 2' });
    expect(googleIdentityDroppedByReset(user)).toBeUndefined();
  });

  it('has nothing to drop without a link', () => {
    expect(googleIdentityDroppedByReset(account({}))).toBeUndefined();
  });
});
