import { describe, expect, it } from 'vitest';
import { credentialIdFor } from '#functions/core/db/entities/platform-credential';
import { verifyPhone } from './accounts-support';
import { useSandboxTable } from './db';
import { apiUrl, call, inbox, registerUser, runJob, type RegisteredUser } from './http';

/**
 * The connection-health job through the sandbox's events service: owners of connections that end
 * within a week, or that a provider refused, get one email and (verified phone) one text with a
 * link to reconnect — once per credential and end, however often the job runs.
 */

const runHealthJob = () => runJob<Record<string, number>>('connection-health');

const days = (n: number) => new Date(Date.now() + n * 24 * 60 * 60_000).toISOString();

/** A company of the owner with a LinkedIn connection ending at `reconnectBy` (seeded as stored). */
const companyWithConnection = async (
  owner: RegisteredUser,
  connection: { reconnectBy?: string; needsReconnection?: boolean },
) => {
  const company = await call<{ _id: string }>('POST', '/companies', {
    token: owner.token,
    body: { name: 'Harbor Coffee' },
  });
  const companyId = company.body._id;
  const { credentials } = await useSandboxTable();
  const due = connection.needsReconnection ? new Date().toISOString() : connection.reconnectBy;
  await credentials
    .put({
      companyId,
      credentialId: credentialIdFor(companyId, 'linkedin'),
      platform: 'linkedin',
      accountId: 'member-1',
      handle: 'Ada Lovelace',
      scopes: ['w_member_social'],
      expiresAt: connection.reconnectBy,
      reconnectBy: connection.reconnectBy,
      needsReconnection: connection.needsReconnection ?? false,
      reconnectionDueAt: due,
    })
    .go();
  return companyId;
};

describe('the connection-health job', () => {
  it('warns the owner of a connection ending in 5 days by one email and one text, and not again on a second run', async () => {
    const owner = await registerUser();
    await verifyPhone(owner);
    const smsBefore = (await inbox(owner.user.phoneNumber)).length;
    const companyId = await companyWithConnection(owner, { reconnectBy: days(5) });

    expect(await runHealthJob()).toMatchObject({ status: 'done' });
    const emails = await inbox(owner.user.email);
    // Newest first: the verification code's text is behind the warning.
    const texts = await inbox(owner.user.phoneNumber);
    const link = `${apiUrl()}/dashboard/company/${companyId}/platforms`;
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      channel: 'email',
      subject: 'Your LinkedIn connection for Harbor Coffee ends soon',
    });
    expect(emails[0]!.text).toContain(link);
    expect(texts).toHaveLength(smsBefore + 1);
    expect(texts[0]!.channel).toBe('sms');
    expect(texts[0]!.text).toContain(link);

    expect(await runHealthJob()).toMatchObject({ status: 'done' });
    expect(await inbox(owner.user.email)).toHaveLength(1);
    expect(await inbox(owner.user.phoneNumber)).toHaveLength(smsBefore + 1);
  });

  it('warns about a refused connection; texts only a verified phone; leaves connections ending later alone', async () => {
    const unverified = await registerUser();
    await companyWithConnection(unverified, { needsReconnection: true });
    const later = await registerUser();
    await verifyPhone(later);
    const laterTexts = (await inbox(later.user.phoneNumber)).length;
    await companyWithConnection(later, { reconnectBy: days(30) });

    await runHealthJob();
    const [email] = await inbox(unverified.user.email);
    expect(email?.subject).toBe('Reconnect LinkedIn for Harbor Coffee');
    expect(await inbox(unverified.user.phoneNumber)).toEqual([]);
    expect(await inbox(later.user.email)).toEqual([]);
    expect(await inbox(later.user.phoneNumber)).toHaveLength(laterTexts);
  });
});
