import { beforeAll, describe, expect, it } from 'vitest';
import {
  SUPPORT_MESSAGES,
  SUPPORT_TICKETS_PER_DAY,
  TICKET_AUTO_CLOSE_MS,
  TICKET_SUBJECT_MAX,
} from '#shared/domain/support';
import { deleteUserRecord } from './db';
import { call, inbox, registerUser, runJob } from './http';
import {
  changeTicket,
  closeTicket,
  fireSchedule,
  listTickets,
  newStaff,
  newTicket,
  openTicket,
  readTicket,
  reply,
  responsesOf,
  sandboxSchedules,
  setRoleOf,
  type Person,
} from './tickets-support';

/**
 * Support tickets through the real HTTP API: what a ticket and a reply must hold, an owner's
 * tickets walled off from everyone else's, what only staff may do, how a status moves (and closes
 * itself through its one-time schedule), notes the owner never sees, the daily limit under a burst,
 * the emails, and roles set only outside the API.
 */

const SUPPORT_ADDRESS = 'support@sailpost.local';

const scheduleName = (ticketId: string) => `ticket-close-${ticketId}`;

describe('opening a ticket', () => {
  let owner: Person;
  beforeAll(async () => {
    owner = await registerUser();
  });

  it('requires a subject and a description, in the spec’s words', async () => {
    const missing = await openTicket(owner, { subject: undefined, description: '   ' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        subject: SUPPORT_MESSAGES.subjectRequired,
        description: SUPPORT_MESSAGES.descriptionRequired,
      },
    });
  });

  it('limits the subject’s size and takes only the four priorities', async () => {
    const long = await openTicket(owner, { subject: 'x'.repeat(TICKET_SUBJECT_MAX + 1) });
    expect(long.status).toBe(400);
    expect(Object.keys((long.body as unknown as { fields: object }).fields)).toEqual(['subject']);
    const priority = await openTicket(owner, { priority: 'critical' });
    expect(priority.status).toBe(400);
    expect((priority.body as unknown as { fields: object }).fields).toHaveProperty('priority');
  });

  it('opens it with medium priority by default, its context and first-response target', async () => {
    const ticket = await newTicket(owner, {
      context: { browser: 'Mozilla/5.0 Test', page: '/dashboard/campaigns' },
    });
    expect(ticket).toMatchObject({
      status: 'open',
      priority: 'medium',
      responseCount: 0,
      staffReplied: false,
      companyId: null,
      firstRespondedAt: null,
      assignee: null,
      context: { browser: 'Mozilla/5.0 Test', page: '/dashboard/campaigns', plan: null },
    });
    expect(ticket).not.toHaveProperty('owner');
    expect(Date.parse(ticket.firstResponseDueAt)).toBeGreaterThan(Date.parse(ticket.createdAt));
  });

  it('names one of the owner’s companies, with its plan, and no one else’s', async () => {
    const company = await call<{ _id: string }>('POST', '/companies', {
      token: owner.token,
      body: { name: 'Harbor Coffee', description: 'Roasters' },
    });
    const ticket = await newTicket(owner, { companyId: company.body._id, priority: 'urgent' });
    expect(ticket.company).toEqual({ _id: company.body._id, name: 'Harbor Coffee' });
    // The first accounts of a sandbox are founders (intro for life); later ones start a trial.
    expect(ticket.context.plan).toBe(
      owner.user.role === 'founder' ? 'Intro (founder)' : 'Intro (trial)',
    );
    expect(Date.parse(ticket.firstResponseDueAt) - Date.parse(ticket.createdAt)).toBe(3_600_000);

    const stranger = await registerUser();
    const refused = await openTicket(stranger, { companyId: company.body._id });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'COMPANY_NOT_FOUND' });
  });

  it('tells the support address, with a link to the ticket', async () => {
    const subject = `Billing question ${Date.now()}`;
    const ticket = await newTicket(owner, { subject });
    const mail = (await inbox(SUPPORT_ADDRESS)).find((message) =>
      message.subject?.includes(subject),
    );
    expect(mail?.subject).toBe(`New ticket (medium): ${subject}`);
    expect(mail?.text).toContain(owner.user.email);
    expect(mail?.text).toContain(`/dashboard/support?ticket=${ticket._id}`);
  });
});

describe('an owner’s tickets are theirs alone', () => {
  let owner: Person;
  let stranger: Person;
  let ticketId: string;
  beforeAll(async () => {
    [owner, stranger] = await Promise.all([registerUser(), registerUser()]);
    ticketId = (await newTicket(owner))._id;
  });

  it('answers another owner 404 on read, responses, reply and close, and changes nothing', async () => {
    const before = await readTicket(owner, ticketId);
    const answers = await Promise.all([
      readTicket(stranger, ticketId),
      responsesOf(stranger, ticketId),
      reply(stranger, ticketId, { content: 'Let me in' }),
      closeTicket(stranger, ticketId),
      changeTicket(stranger, ticketId, { priority: 'urgent' }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 'SUPPORT_TICKET_NOT_FOUND' });
    }
    expect((await readTicket(owner, ticketId)).body).toEqual(before.body);
    expect((await responsesOf(owner, ticketId)).body.data).toEqual([]);
  });

  it('lists only the caller’s own tickets, newest activity first, and their cursor only', async () => {
    const second = await newTicket(owner, { subject: 'Second' });
    await newTicket(stranger, { subject: 'Not yours' });
    const listed = await listTickets(owner);
    expect(listed.body.data.map((ticket) => ticket._id)).toEqual([second._id, ticketId]);
    const strangers = await listTickets(stranger);
    expect(strangers.body.data.map((ticket) => ticket.subject)).toEqual(['Not yours']);

    // A page of the owner's list, its cursor handed to the stranger's list, is refused.
    const page = await listTickets(owner, '?limit=1');
    expect(page.body.nextCursor).not.toBeNull();
    const borrowed = await listTickets(
      stranger,
      `?cursor=${encodeURIComponent(page.body.nextCursor!)}`,
    );
    expect(borrowed.status).toBe(400);
  });
});

describe('what only staff may do', () => {
  let owner: Person;
  let staff: Person;
  beforeAll(async () => {
    [owner, staff] = await Promise.all([registerUser(), newStaff()]);
  });

  it('refuses an owner’s status, priority or assignee change with 403 and changes nothing', async () => {
    const ticket = await newTicket(owner);
    for (const body of [
      { status: 'resolved' },
      { priority: 'urgent' },
      { assigneeId: owner.user._id },
      { status: 'closed' },
    ]) {
      const refused = await changeTicket(owner, ticket._id, body);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect((await readTicket(owner, ticket._id)).body).toMatchObject({
      status: 'open',
      priority: 'medium',
      assignee: null,
      updatedAt: ticket.updatedAt,
    });
  });

  it('refuses an owner’s internal note with 403 and writes nothing', async () => {
    const ticket = await newTicket(owner);
    const refused = await reply(owner, ticket._id, { content: 'Psst', internal: true });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN' });
    expect((await responsesOf(staff, ticket._id)).body.data).toEqual([]);
    expect((await readTicket(owner, ticket._id)).body.updatedAt).toBe(ticket.updatedAt);
  });

  it('refuses an owner’s assignee filter', async () => {
    const refused = await listTickets(owner, '?assignee=me');
    expect(refused.status).toBe(403);
  });

  it('lets staff see every owner’s ticket with its owner, filter the queue and assign it', async () => {
    const ticket = await newTicket(owner, { priority: 'low' });
    const seen = await readTicket(staff, ticket._id);
    expect(seen.body.owner).toEqual({
      _id: owner.user._id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: owner.user.email,
      plan: null,
      companies: [],
    });

    // Every owner's tickets, newest activity first: this one is among the latest.
    const all = await listTickets(staff, '?limit=100');
    expect(all.body.data.map((item) => item._id)).toContain(ticket._id);
    const activity = all.body.data.map((item) => Date.parse(item.lastActivityAt));
    expect(activity).toEqual([...activity].sort((a, b) => b - a));

    const low = await listTickets(staff, '?status=open&priority=low&limit=100');
    expect(low.body.data.map((item) => item._id)).toContain(ticket._id);
    expect(low.body.data.every((item) => item.priority === 'low' && item.status === 'open')).toBe(
      true,
    );
    // Waiting tickets: the one waiting longest first.
    const waiting = low.body.data.map((item) => Date.parse(item.lastActivityAt));
    expect(waiting).toEqual([...waiting].sort((a, b) => a - b));

    const assigned = await changeTicket(staff, ticket._id, {
      assigneeId: staff.user._id,
      priority: 'high',
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({
      priority: 'high',
      assignee: { _id: staff.user._id, firstName: 'Sam' },
    });
    const mine = await listTickets(staff, '?assignee=me&limit=100');
    expect(mine.body.data.map((item) => item._id)).toEqual([ticket._id]);

    // Only staff can be assigned.
    const toOwner = await changeTicket(staff, ticket._id, { assigneeId: owner.user._id });
    expect(toOwner.status).toBe(404);
    expect(toOwner.body).toMatchObject({ code: 'USER_NOT_FOUND' });
    const unassigned = await changeTicket(staff, ticket._id, { assigneeId: null });
    expect(unassigned.body.assignee).toBeNull();
    // Asked for nothing: nothing changes.
    const nothing = await changeTicket(staff, ticket._id, {});
    expect(nothing.body).toEqual(unassigned.body);
  });
});

describe('how a ticket’s status moves', () => {
  let owner: Person;
  let staff: Person;
  beforeAll(async () => {
    [owner, staff] = await Promise.all([registerUser(), newStaff()]);
  });

  it('goes open → in_progress with a staff reply, resolved by staff, open again with the owner’s reply', async () => {
    const ticket = await newTicket(owner);
    expect((await reply(owner, ticket._id, { content: 'More detail' })).status).toBe(201);
    expect((await readTicket(owner, ticket._id)).body.status).toBe('open');

    const answer = await reply(staff, ticket._id, { content: 'Looking into it' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ isStaffResponse: true, internal: false });
    const answered = (await readTicket(owner, ticket._id)).body;
    expect(answered).toMatchObject({ status: 'in_progress', staffReplied: true, responseCount: 2 });
    expect(answered.firstRespondedAt).toBe(answer.body.createdAt);

    const resolved = await changeTicket(staff, ticket._id, { status: 'resolved' });
    expect(resolved.body.status).toBe('resolved');
    const reopened = await reply(owner, ticket._id, { content: 'Still broken' });
    expect(reopened.status).toBe(201);
    expect((await readTicket(owner, ticket._id)).body).toMatchObject({
      status: 'open',
      staffReplied: false,
      responseCount: 3,
    });
    // Reopened: its auto-close is gone.
    expect((await sandboxSchedules()).map((schedule) => schedule.name)).not.toContain(
      scheduleName(ticket._id),
    );

    const responses = await responsesOf(owner, ticket._id);
    expect(responses.body.data.map((response) => response.content)).toEqual([
      'More detail',
      'Looking into it',
      'Still broken',
    ]);
    expect(responses.body.data[1]!.userId).toEqual({ _id: staff.user._id, firstName: 'Sam' });
  });

  it('takes no reply, note or change once closed, and closing again changes nothing', async () => {
    const ticket = await newTicket(owner);
    const closed = await closeTicket(owner, ticket._id);
    expect(closed.body.status).toBe('closed');
    for (const answer of [
      await reply(owner, ticket._id),
      await reply(staff, ticket._id, { content: 'Late answer' }),
      await reply(staff, ticket._id, { content: 'Late note', internal: true }),
      await changeTicket(staff, ticket._id, { status: 'open' }),
    ]) {
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ code: 'SUPPORT_TICKET_CLOSED' });
    }
    expect((await closeTicket(owner, ticket._id)).body).toEqual(closed.body);
    expect((await responsesOf(staff, ticket._id)).body.data).toEqual([]);
  });

  it('refuses a reply of only whitespace as missing', async () => {
    const ticket = await newTicket(owner);
    const blank = await reply(owner, ticket._id, { content: ' \n\t ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ fields: { content: SUPPORT_MESSAGES.replyRequired } });
  });
});

describe('a resolved ticket closes itself', () => {
  let owner: Person;
  let staff: Person;
  beforeAll(async () => {
    [owner, staff] = await Promise.all([registerUser(), newStaff()]);
  });

  it('through its schedule a week on, fired by the sandbox, safely twice', async () => {
    const ticket = await newTicket(owner);
    const resolved = (await changeTicket(staff, ticket._id, { status: 'resolved' })).body;
    const schedule = (await sandboxSchedules()).find(
      (item) => item.name === scheduleName(ticket._id),
    );
    expect(schedule).toMatchObject({ job: 'ticket-auto-close' });
    expect(Date.parse(schedule!.at) - Date.parse(resolved.updatedAt)).toBeGreaterThanOrEqual(
      TICKET_AUTO_CLOSE_MS - 1000,
    );
    expect(Date.parse(schedule!.at) - Date.parse(resolved.updatedAt)).toBeLessThanOrEqual(
      TICKET_AUTO_CLOSE_MS,
    );

    const fired = await fireSchedule(schedule!.name);
    expect(fired).toMatchObject({ status: 'done', result: { outcome: 'closed' } });
    expect((await readTicket(owner, ticket._id)).body.status).toBe('closed');
    // Delivered again: claimed already, nothing happens.
    const again = await runJob('ticket-auto-close', schedule!.payload);
    expect(again.status).toBe('duplicate');
    expect((await readTicket(owner, ticket._id)).body.status).toBe('closed');
  });

  it('leaves a ticket alone that had a reply since its schedule was written', async () => {
    const ticket = await newTicket(owner);
    await changeTicket(staff, ticket._id, { status: 'resolved' });
    const first = (await sandboxSchedules()).find(
      (item) => item.name === scheduleName(ticket._id),
    )!;
    // Staff add a word: still resolved, and its week starts again (the schedule moves).
    expect((await reply(staff, ticket._id, { content: 'One more tip' })).status).toBe(201);
    const moved = (await sandboxSchedules()).find(
      (item) => item.name === scheduleName(ticket._id),
    )!;
    expect(Date.parse(moved.at)).toBeGreaterThan(Date.parse(first.at));

    // The first schedule's event, delivered late: the ticket had activity since.
    const late = await runJob('ticket-auto-close', first.payload);
    expect(late).toMatchObject({ status: 'done', result: { outcome: 'changed' } });
    expect((await readTicket(owner, ticket._id)).body.status).toBe('resolved');

    // The owner replies: reopened, so the moved schedule closes nothing either.
    await reply(owner, ticket._id, { content: 'Thanks, but one more thing' });
    const stale = await runJob('ticket-auto-close', moved.payload);
    expect(stale).toMatchObject({ status: 'done', result: { outcome: 'changed' } });
    expect((await readTicket(owner, ticket._id)).body.status).toBe('open');
  });
});

describe('internal notes', () => {
  it('never reach the owner: not in the responses, the count, staffReplied or the email', async () => {
    const [owner, staff] = await Promise.all([registerUser(), newStaff()]);
    const ticket = await newTicket(owner, { subject: 'Where is my invoice?' });
    const before = (await readTicket(owner, ticket._id)).body;

    const note = await reply(staff, ticket._id, {
      content: 'Owner was double-charged',
      internal: true,
    });
    expect(note.status).toBe(201);
    expect(note.body).toMatchObject({ internal: true, isStaffResponse: true });

    expect((await responsesOf(owner, ticket._id)).body.data).toEqual([]);
    expect((await readTicket(owner, ticket._id)).body).toEqual(before);
    expect((await listTickets(owner)).body.data[0]).toMatchObject({
      responseCount: 0,
      staffReplied: false,
      status: 'open',
    });
    expect(await inbox(owner.user.email)).toEqual([]);
    // Staff see it beside the replies.
    const staffSees = await responsesOf(staff, ticket._id);
    expect(staffSees.body.data.map((response) => response.internal)).toEqual([true]);
  });
});

describe('emails', () => {
  it('sends a staff reply to the owner with the ticket’s link, and nothing for the owner’s own', async () => {
    const [owner, staff] = await Promise.all([registerUser(), newStaff()]);
    const ticket = await newTicket(owner, { subject: 'Posts not going out' });
    await reply(owner, ticket._id, { content: 'Still nothing' });
    expect(await inbox(owner.user.email)).toEqual([]);

    await reply(staff, ticket._id, { content: 'Reconnect X from the Platforms page.' });
    const [mail] = await inbox(owner.user.email);
    expect(mail?.subject).toBe('Re: Posts not going out');
    expect(mail?.text).toContain('Reconnect X from the Platforms page.');
    expect(mail?.text).toContain(`/dashboard/support?ticket=${ticket._id}`);
  });
});

describe('the daily limit', () => {
  it(`opens ${SUPPORT_TICKETS_PER_DAY} of 20 tickets sent at once, and refuses the rest`, async () => {
    const owner = await registerUser();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => openTicket(owner, { subject: `Burst ${index}` })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(SUPPORT_TICKETS_PER_DAY);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - SUPPORT_TICKETS_PER_DAY);
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      expect(refused.body).toMatchObject({ code: 'SUPPORT_TICKET_LIMIT_REACHED' });
    }
    const listed = await listTickets(owner, '?limit=100');
    expect(listed.body.data).toHaveLength(SUPPORT_TICKETS_PER_DAY);
  });
});

describe('roles', () => {
  it('are set by the sandbox’s route, count from the next request and show at the next refresh', async () => {
    const person = await registerUser();
    const login = await call<{ access_token: string }>('POST', '/auth/login', {
      body: { email: person.user.email, password: person.password },
    });
    const cookie = login.headers
      .getSetCookie()
      .find((value) => value.startsWith('sailpost_refresh='))!
      .split(';')[0]!;
    const owner = await registerUser();
    const ticket = await newTicket(owner);

    const me = { ...person, token: login.body.access_token };
    expect((await readTicket(me, ticket._id)).status).toBe(404);
    expect((await setRoleOf(person.user.email, 'staff')).status).toBe(200);
    expect((await readTicket(me, ticket._id)).status).toBe(200);
    const refreshed = await call<{ user: { role: string } }>('POST', '/auth/refresh', {
      headers: { cookie },
    });
    expect(refreshed.body.user.role).toBe('staff');

    // And back: staff no more.
    expect((await setRoleOf(person.user.email, 'user')).status).toBe(200);
    expect((await readTicket(me, ticket._id)).status).toBe(404);
  });

  it('cannot be raised through the API', async () => {
    const person = await registerUser();
    const raised = await call('PUT', `/users/${person.user._id}`, {
      token: person.token,
      body: { role: 'staff' },
    });
    expect(raised.status).toBe(400);
    const me = await call<{ role: string }>('GET', '/auth/me', { token: person.token });
    expect(me.body.role).toBe(person.user.role);
    expect(me.body.role).not.toBe('staff');
  });

  it('answers 404 for an address with no account', async () => {
    expect((await setRoleOf('nobody-at-all@example.com', 'staff')).status).toBe(404);
  });
});

describe('a deleted account', () => {
  it('leaves its tickets, shown with no owner and its replies by "Deleted user"', async () => {
    const [owner, staff] = await Promise.all([registerUser(), newStaff()]);
    const ticket = await newTicket(owner);
    await reply(owner, ticket._id, { content: 'Hello?' });
    await deleteUserRecord(owner.user._id);

    const seen = await readTicket(staff, ticket._id);
    expect(seen.status).toBe(200);
    expect(seen.body.owner).toBeNull();
    const responses = await responsesOf(staff, ticket._id);
    expect(responses.body.data[0]!.userId.firstName).toBe('Deleted user');
    // A staff reply to it emails no one and still works.
    expect((await reply(staff, ticket._id, { content: 'Closing this' })).status).toBe(201);
  });
});
