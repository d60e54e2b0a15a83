import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import type { SupportTicket, UpdateTicketBody } from '#shared/contract/support';
import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketPriority,
  type TicketStatus,
} from '#shared/domain/support';
import { Button } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { SelectField } from '#web/components/select-field';
import { isSessionEnded, messageOf } from '#web/lib/error-text';
import { useSession } from '#web/lib/session';
import { updateTicket } from '../api/update-ticket';
import { momentText } from '../due-text';
import { SUPPORT_TEXTS } from '../support-texts';
import { DueLabel } from './due-label';
import { PRIORITY_LABELS, STATUS_LABELS } from './ticket-badges';

const STATUS_OPTIONS = TICKET_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));
const PRIORITY_OPTIONS = TICKET_PRIORITIES.map((value) => ({
  value,
  label: PRIORITY_LABELS[value],
}));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className={`${cardClasses} p-4 sm:p-5`}>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** Who asked: their name, email, plan and companies (a deleted account says so). */
function OwnerSection({ ticket }: { ticket: SupportTicket }) {
  const owner = ticket.owner;
  return (
    <Section title="Owner">
      {owner ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
          <dt className="text-slate-500">Name</dt>
          <dd className="min-w-0 break-words text-slate-900">{`${owner.firstName} ${owner.lastName}`}</dd>
          <dt className="text-slate-500">Email</dt>
          <dd className="min-w-0 break-all">
            <a href={`mailto:${owner.email}`} className="text-brand-700 hover:underline">
              {owner.email}
            </a>
          </dd>
          <dt className="text-slate-500">Plan</dt>
          <dd className="text-slate-900">{owner.plan ?? 'No plan'}</dd>
          <dt className="text-slate-500">Companies</dt>
          <dd className="min-w-0 text-slate-900">
            {owner.companies.length ? (
              <ul className="space-y-0.5">
                {owner.companies.map((company) => (
                  <li key={company._id} className="break-words">
                    {company.name} <span className="text-slate-500">({company.plan})</span>
                  </li>
                ))}
              </ul>
            ) : (
              'None'
            )}
          </dd>
        </dl>
      ) : (
        <p className="text-sm text-slate-600">The account was deleted.</p>
      )}
    </Section>
  );
}

/**
 * Staff's side of a ticket: who asked, when the first answer is due, and the ticket's handling
 * (assign to me, status, priority), each saved as it is chosen.
 */
export function StaffPanel({
  ticket,
  onUpdated,
}: {
  ticket: SupportTicket;
  onUpdated: (ticket: SupportTicket) => Promise<void>;
}) {
  const { user } = useSession();
  const [saving, setSaving] = useState(false);
  const closed = ticket.status === 'closed';

  const save = async (body: UpdateTicketBody, done: string) => {
    setSaving(true);
    try {
      await onUpdated(await updateTicket(ticket._id, body));
      toast.success(done);
    } catch (error) {
      if (!isSessionEnded(error)) toast.error(messageOf(error, 'Failed to update the ticket'));
    } finally {
      setSaving(false);
    }
  };

  const mine = ticket.assignee?._id === user?._id;
  return (
    <div className="space-y-4">
      <Section title="Handling">
        <div className="space-y-4">
          <div className="text-sm">
            <p className="text-slate-500">First answer</p>
            <p className="mt-0.5 text-slate-900">
              {ticket.firstRespondedAt ? (
                `Answered ${momentText(ticket.firstRespondedAt)}`
              ) : (
                <DueLabel ticket={ticket} />
              )}
            </p>
          </div>
          <div className="text-sm">
            <p className="text-slate-500">Assignee</p>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <span className="text-slate-900">
                {ticket.assignee ? (mine ? 'You' : ticket.assignee.firstName) : 'Nobody'}
              </span>
              {!mine && !closed ? (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={saving}
                  onClick={() => void save({ assigneeId: user!._id }, 'Assigned to you')}
                >
                  {SUPPORT_TEXTS.assignToMe}
                </Button>
              ) : null}
            </div>
          </div>
          <SelectField
            label="Status"
            options={STATUS_OPTIONS}
            value={ticket.status}
            disabled={saving || closed}
            onChange={(event) =>
              void save(
                { status: event.target.value as TicketStatus },
                `Status set to ${STATUS_LABELS[event.target.value as TicketStatus]}`,
              )
            }
          />
          <SelectField
            label="Priority"
            options={PRIORITY_OPTIONS}
            value={ticket.priority}
            disabled={saving || closed}
            onChange={(event) =>
              void save(
                { priority: event.target.value as TicketPriority },
                `Priority set to ${PRIORITY_LABELS[event.target.value as TicketPriority]}`,
              )
            }
          />
        </div>
      </Section>
      <OwnerSection ticket={ticket} />
      <Section title="Context">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
          <dt className="text-slate-500">Plan</dt>
          <dd className="text-slate-900">{ticket.context.plan ?? 'No plan'}</dd>
          <dt className="text-slate-500">Browser</dt>
          <dd className="min-w-0 break-words text-slate-900">{ticket.context.browser || '—'}</dd>
          <dt className="text-slate-500">Page</dt>
          <dd className="min-w-0 break-all text-slate-900">{ticket.context.page || '—'}</dd>
        </dl>
      </Section>
    </div>
  );
}
