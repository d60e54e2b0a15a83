import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOUNDER_ACCOUNT_CAP } from '#shared/domain/limits';
import { startBenchSandbox, type BenchSandbox } from '../../scripts/bench/sandbox-child';
import { call, newClientAddress, uniqueIdentity } from './http';

/**
 * Founder seats under a burst of sign-ups. The other API files share one sandbox and take its
 * seats as they register, so this file starts a sandbox of its own (the bench's, in a child
 * process, on a fresh data directory): its first 50 accounts are exactly the ones it makes. Its
 * data is on the RAM disk, as the shared sandbox's is: on a busy disk 200 sign-ups took twice as
 * long, close to the 29 s the sandbox gives a request.
 */
let sandbox: BenchSandbox;
beforeAll(async () => {
  sandbox = await startBenchSandbox('none', { ramDisk: true });
}, 180_000);
afterAll(() => sandbox?.stop());

type Registered = { access_token: string; user: { email: string; role: string } };

const register = (email: string, phoneNumber: string) =>
  call<Registered>('POST', '/auth/register', {
    body: {
      email,
      phoneNumber,
      password: 'correct-horse-battery',
      firstName: 'Ada',
      lastName: 'Byron',
    },
    from: newClientAddress(),
    origin: sandbox.url,
  });

const totalUsers = async (): Promise<number> =>
  (await call<{ total: number }>('GET', '/users/count/total', { origin: sandbox.url })).body.total;

describe('200 sign-ups at once on a fresh sandbox', () => {
  it('all are created, exactly 50 are founders, and a taken email takes no seat', async () => {
    const people = Array.from({ length: 200 }, () => uniqueIdentity());
    // 20 more at the same moment with emails of the 200: each pair has one account and one 409.
    const doubles = people
      .slice(0, 20)
      .map((person) => ({ ...uniqueIdentity(), email: person.email }));
    const answers = await Promise.all(
      [...people, ...doubles].map((person) => register(person.email, person.phoneNumber)),
    );

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(200);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused.map((answer) => answer.body)).toEqual(
      doubles.map(() => expect.objectContaining({ code: 'EMAIL_TAKEN' })),
    );
    const created = answers.filter((answer) => answer.status === 201);
    expect(new Set(created.map((answer) => answer.body.user.email)).size).toBe(200);
    const founders = created.filter((answer) => answer.body.user.role === 'founder');
    expect(founders).toHaveLength(FOUNDER_ACCOUNT_CAP);

    // The roles are stored as answered.
    const stored = await Promise.all(
      created.map(async (answer) => {
        const me = await call<{ role: string }>('GET', '/auth/me', {
          token: answer.body.access_token,
          origin: sandbox.url,
        });
        return me.body.role;
      }),
    );
    expect(stored.filter((role) => role === 'founder')).toHaveLength(FOUNDER_ACCOUNT_CAP);
    expect(await totalUsers()).toBe(200);

    // The seats are gone for good: the next account is an ordinary one, and is counted.
    const later = uniqueIdentity();
    const next = await register(later.email, later.phoneNumber);
    expect(next.status).toBe(201);
    expect(next.body.user.role).toBe('user');
    expect(await totalUsers()).toBe(201);

    // The business's sign-ups of the day count every one of them: the burst lost none of its
    // counts on the shared day counters (read by an admin of this sandbox).
    const made = await fetch(`${sandbox.url}/_sandbox/api/users/role`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: later.email, role: 'admin' }),
    });
    expect(made.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const numbers = await call<{ funnel: { step: string; count: number }[] }>(
      'GET',
      `/admin/business?from=${today}&to=${today}`,
      { token: next.body.access_token, origin: sandbox.url, from: newClientAddress() },
    );
    expect(numbers.body.funnel[0]).toEqual({ step: 'signedUp', count: 201, medianWait: null });
  }, 180_000);
});
