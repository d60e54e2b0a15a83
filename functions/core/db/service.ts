import { Service } from 'electrodb';
import { db, tableName } from './client';
import { counterEntity } from './entities/counter';
import { passwordResetEntity } from './entities/password-reset';
import { uniqueClaimEntity } from './entities/unique-claim';
import { userEntity } from './entities/user';
import { lazy } from './lazy';

/** Entities that change together in one transaction. */
export const accountService = lazy(
  () =>
    new Service(
      {
        user: userEntity(),
        claim: uniqueClaimEntity(),
        counter: counterEntity(),
        passwordReset: passwordResetEntity(),
      },
      { table: tableName(), client: db() },
    ),
);
