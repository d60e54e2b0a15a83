import { Service } from 'electrodb';
import { db, tableName } from './client';
import { companyEntity } from './entities/company';
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

/** A company and the counters that limit how many an owner may have. */
export const companyService = lazy(
  () =>
    new Service(
      { company: companyEntity(), counter: counterEntity() },
      { table: tableName(), client: db() },
    ),
);
