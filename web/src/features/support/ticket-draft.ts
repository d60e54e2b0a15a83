import { useState } from 'react';
import {
  DEFAULT_TICKET_PRIORITY,
  SUPPORT_MESSAGES,
  type TicketPriority,
} from '#shared/domain/support';

/** What the owner has typed into New Ticket: kept while the dialog is closed, until it is sent. */
export interface TicketDraft {
  subject: string;
  description: string;
  priority: TicketPriority;
  /** '' for no company. */
  companyId: string;
}

export type DraftErrors = Partial<Record<'subject' | 'description', string>>;

export const EMPTY_DRAFT: TicketDraft = {
  subject: '',
  description: '',
  priority: DEFAULT_TICKET_PRIORITY,
  companyId: '',
};

/** The spec's required fields: subject and description, blank or only spaces counting as none. */
export const draftErrors = (draft: TicketDraft): DraftErrors => ({
  ...(draft.subject.trim() ? {} : { subject: SUPPORT_MESSAGES.subjectRequired }),
  ...(draft.description.trim() ? {} : { description: SUPPORT_MESSAGES.descriptionRequired }),
});

/** The draft, held by the page so that closing the dialog (or a failed send) loses nothing. */
export const useTicketDraft = () => {
  const [draft, setDraft] = useState<TicketDraft>(EMPTY_DRAFT);
  return {
    draft,
    change: (changes: Partial<TicketDraft>) => setDraft((current) => ({ ...current, ...changes })),
    reset: () => setDraft(EMPTY_DRAFT),
  };
};
