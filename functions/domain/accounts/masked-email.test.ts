import { describe, expect, it } from 'vitest';
import { maskedEmail } from './masked-email';

describe('maskedEmail', () => {
  it.each([
    ['ada@gmail.com', 'a…@gmail.com'],
    ['a@gmail.com', 'a…@gmail.com'],
    ['émile.zola@lit.fr', 'é…@lit.fr'],
    ['odd"@quoted"@example.com', 'o…@example.com'],
    ['no-at-sign', '…'],
    ['@example.com', '…'],
  ])('%s shows as %s', (email, shown) => {
    expect(maskedEmail(email)).toBe(shown);
  });
});
