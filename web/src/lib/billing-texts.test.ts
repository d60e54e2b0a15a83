import { describe, expect, it } from 'vitest';
import * as contract from '#shared/contract/billing';
import * as copies from './billing-texts';

describe('billing texts', () => {
  it('are the contract’s, word for word', () => {
    expect(copies.CHECKOUT_RETURN).toEqual(contract.CHECKOUT_RETURN);
    expect(copies.CANCEL_SUCCESS_MESSAGE).toBe(contract.CANCEL_SUCCESS_MESSAGE);
    expect(copies.CANCEL_CONFIRMATION).toBe(contract.CANCEL_CONFIRMATION);
    expect(copies.RESUME_SUCCESS_MESSAGE).toBe(contract.RESUME_SUCCESS_MESSAGE);
  });
});
