import type { SupportTicket, TicketResponse } from '#shared/contract/support';
import { apiUrl, call, registerUser, type RegisteredUser } from './http';

/** Helpers of the support tickets' API tests: owners, staff, tickets and replies. */

export type Person = RegisteredUser;

/** Sets an account's role through the sandbox's own route (no API route can). */
export const setRoleOf = async (email: string, role: 'user' | 'staff' | 'admin') => {
  const response = await fetch(`${apiUrl()}/_sandbox/api/users/role`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, role }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

/** A registered account made staff; its token works as staff at once. */
export const newStaff = async (role: 'staff' | 'admin' = 'staff'): Promise<Person> => {
  const person = await registerUser({ firstName: 'Sam', lastName: 'Support' });
  const changed = await setRoleOf(person.user.email, role);
  if (changed.status !== 200) throw new Error(`role not set: ${changed.status}`);
  return person;
};

export const openTicket = (person: Person, body: Record<string, unknown> = {}) =>
  call<SupportTicket>('POST', '/support/tickets', {
    token: person.token,
    body: { subject: 'Posts not going out', description: 'Nothing since Monday.', ...body },
  });

/** A ticket that must open. */
export const newTicket = async (
  person: Person,
  body: Record<string, unknown> = {},
): Promise<SupportTicket> => {
  const opened = await openTicket(person, body);
  if (opened.status !== 201) {
    throw new Error(`ticket not opened: ${opened.status} ${JSON.stringify(opened.body)}`);
  }
  return opened.body;
};

export const reply = (person: Person, ticketId: string, body: Record<string, unknown> = {}) =>
  call<TicketResponse>('POST', '/support/responses', {
    token: person.token,
    body: { content: 'Any news?', ticketId, ...body },
  });

export const readTicket = (person: Person, ticketId: string) =>
  call<SupportTicket>('GET', `/support/tickets/${ticketId}`, { token: person.token });

export const responsesOf = (person: Person, ticketId: string) =>
  call<{ data: TicketResponse[]; nextCursor: string | null }>(
    'GET',
    `/support/tickets/${ticketId}/responses?limit=100`,
    { token: person.token },
  );

export const changeTicket = (person: Person, ticketId: string, body: Record<string, unknown>) =>
  call<SupportTicket>('PATCH', `/support/tickets/${ticketId}`, { token: person.token, body });

export const closeTicket = (person: Person, ticketId: string) =>
  call<SupportTicket>('PUT', `/support/tickets/${ticketId}/close`, { token: person.token });

export const listTickets = (person: Person, query = '') =>
  call<{ data: SupportTicket[]; nextCursor: string | null }>('GET', `/support/tickets${query}`, {
    token: person.token,
  });

export interface SandboxSchedule {
  name: string;
  job: string;
  at: string;
  state: string;
  payload: Record<string, unknown>;
}

/** The sandbox scheduler's schedules (the JSON of /_sandbox). */
export const sandboxSchedules = async (): Promise<SandboxSchedule[]> => {
  const response = await fetch(`${apiUrl()}/_sandbox/api/schedules`);
  return ((await response.json()) as { schedules: SandboxSchedule[] }).schedules;
};

/** Fires a schedule now, as its time coming would; answers the job's outcome. */
export const fireSchedule = async (name: string) => {
  const response = await fetch(
    `${apiUrl()}/_sandbox/api/schedules/${encodeURIComponent(name)}/run`,
    { method: 'POST' },
  );
  if (response.status !== 200) {
    throw new Error(`schedule ${name}: ${response.status} ${await response.text()}`);
  }
  return ((await response.json()) as { outcome: { status: string; result?: unknown } }).outcome;
};
