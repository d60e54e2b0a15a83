import { describe, expect, it } from 'vitest';
import { parseRoleCommand } from './role';

describe('npm run role', () => {
  it('reads an email and a role for the sandbox', () => {
    expect(parseRoleCommand(['ada@example.com', 'staff'])).toEqual({
      email: 'ada@example.com',
      role: 'staff',
      url: 'http://localhost:3000',
    });
  });

  it('reads a stage, either way it is written', () => {
    expect(parseRoleCommand(['ada@example.com', 'admin', '--stage', 'prod']).stage).toBe('prod');
    expect(parseRoleCommand(['--stage=dev', 'ada@example.com', 'user']).stage).toBe('dev');
  });

  it('refuses a role it cannot give and a missing email', () => {
    expect(() => parseRoleCommand(['ada@example.com', 'founder'])).toThrow(/Unknown role/);
    expect(() => parseRoleCommand(['staff'])).toThrow(/Usage/);
    expect(() => parseRoleCommand(['ada@example.com', 'staff', '--stage'])).toThrow(
      /needs a value/,
    );
  });
});
