import { declareFunction } from '#functions/core/bindings';

/**
 * Sign-in hashes passwords with scrypt (N=2^17): 1769 MB buys one full vCPU, halving a login.
 * 50 concurrent executions are kept for it (and it may use no more): a login flood can neither
 * take the account's concurrency from the other endpoints nor be starved by them.
 */
export const declaration = declareFunction({
  bindings: {
    table: 'read-write',
    // The Google client's secret is bound to this group alone.
    secrets: ['tokenKey', 'originKey', 'googleClientSecret'],
    email: true,
    sms: true,
    appUrl: true,
    starts: ['password-reset-email'],
  },
  memoryMb: 1769,
  reservedConcurrency: 50,
});
