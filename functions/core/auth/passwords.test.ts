import { afterEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../config';
import { hashPassword, verifyPassword } from './passwords';

// Each hash costs ~0.4 s of one CPU on purpose; a busy machine needs more than the default 5 s.
describe('passwords', { timeout: 30_000 }, () => {
  it('hashes with scrypt at N=2^17, r=8, p=1 and a random salt', async () => {
    const [first, second] = await Promise.all([
      hashPassword('correct horse'),
      hashPassword('correct horse'),
    ]);
    expect(first).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(first).not.toEqual(second);
    expect(first).not.toContain('correct horse');
  });

  it('verifies the right password and refuses a wrong or malformed one', async () => {
    const hash = await hashPassword('s3cret-password');
    expect(await verifyPassword('s3cret-password', hash)).toBe(true);
    expect(await verifyPassword('s3cret-passwore', hash)).toBe(false);
    expect(await verifyPassword('s3cret-password', 'md5$abc')).toBe(false);
  });

  describe('in the sandbox', () => {
    afterEach(() => {
      delete process.env.SANDBOX;
      resetConfigForTests();
    });

    it('hashes at N=2^14, and a full-cost hash still verifies there', async () => {
      const fullCost = await hashPassword('s3cret-password');
      process.env.SANDBOX = 'true';
      resetConfigForTests();
      const light = await hashPassword('s3cret-password');
      expect(light).toMatch(/^scrypt\$14\$8\$1\$/);
      expect(await verifyPassword('s3cret-password', light)).toBe(true);
      expect(await verifyPassword('s3cret-password', fullCost)).toBe(true);
      expect(await verifyPassword('wrong-password', light)).toBe(false);
    });
  });
});
