import { declareFunction } from '#functions/core/bindings';

/** Sign-in hashes passwords with scrypt (N=2^17): 1769 MB buys one full vCPU, halving a login. */
export const declaration = declareFunction({
  bindings: {
    table: 'read-write',
    secrets: ['tokenKey'],
    email: true,
    sms: true,
    appUrl: true,
  },
  memoryMb: 1769,
});
