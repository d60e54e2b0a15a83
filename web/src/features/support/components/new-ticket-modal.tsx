import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { SupportTicket } from '#shared/contract/support';
import {
  TICKET_DESCRIPTION_MAX,
  TICKET_PRIORITIES,
  TICKET_SUBJECT_MAX,
  type TicketPriority,
} from '#shared/domain/support';
import { Alert } from '#web/components/alert';
import { FormModal } from '#web/components/form-modal';
import { SelectField } from '#web/components/select-field';
import { TextAreaField } from '#web/components/text-area-field';
import { TextField } from '#web/components/text-field';
import { useCompanies } from '#web/lib/api/list-companies';
import { ApiError } from '#web/lib/api-client';
import { isSessionEnded, messageOf } from '#web/lib/error-text';
import { createTicket } from '../api/create-ticket';
import { SUPPORT_TEXTS } from '../support-texts';
import { describeBrowser } from '../ticket-context';
import { draftErrors, type DraftErrors, type TicketDraft } from '../ticket-draft';
import type { AttachmentUploads } from '../use-attachment-uploads';
import { AttachmentsField } from './attachments-field';
import { PRIORITY_LABELS } from './ticket-badges';

const PRIORITY_OPTIONS = TICKET_PRIORITIES.map((value) => ({
  value,
  label: PRIORITY_LABELS[value],
}));

interface NewTicketModalProps {
  draft: TicketDraft;
  onChange: (changes: Partial<TicketDraft>) => void;
  uploads: AttachmentUploads;
  /** The app's page the owner came from ('' when unknown). */
  cameFrom: string;
  onCreated: (ticket: SupportTicket) => void;
  onClose: () => void;
}

/**
 * 'New Ticket': subject, description, priority (medium unless changed), the company it is about
 * if any, and up to three screenshots or PDFs. The browser and the page the owner came from go
 * with it untyped (the server adds the plan). A refusal keeps every word typed.
 */
export function NewTicketModal({
  draft,
  onChange,
  uploads,
  cameFrom,
  onCreated,
  onClose,
}: NewTicketModalProps) {
  const { companies } = useCompanies();
  const [errors, setErrors] = useState<DraftErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const subjectField = useRef<HTMLInputElement>(null);
  const descriptionField = useRef<HTMLTextAreaElement>(null);

  const submit = async () => {
    if (sending) return;
    const found = draftErrors(draft);
    setErrors(found);
    setFailure(null);
    if (found.subject || found.description) {
      (found.subject ? subjectField : descriptionField).current?.focus();
      return;
    }
    if (uploads.uploading) return;
    setSending(true);
    try {
      const ticket = await createTicket({
        subject: draft.subject.trim(),
        description: draft.description.trim(),
        priority: draft.priority,
        companyId: draft.companyId || null,
        context: { browser: describeBrowser(navigator.userAgent), page: cameFrom },
        attachmentIds: uploads.attachmentIds,
      });
      toast.success(SUPPORT_TEXTS.created);
      onCreated(ticket);
    } catch (error) {
      if (isSessionEnded(error)) return;
      const fields = error instanceof ApiError ? error.fields : {};
      setErrors({ subject: fields.subject, description: fields.description });
      setFailure(
        fields.subject || fields.description
          ? null
          : messageOf(error, 'Failed to create the ticket. Please try again.'),
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <FormModal
      onClose={onClose}
      busy={sending}
      size="lg"
      title={SUPPORT_TEXTS.newTicket}
      description="Tell us what you need. We add your browser and the page you came from."
      submitLabel={
        sending ? 'Sending...' : uploads.uploading ? 'Uploading files...' : 'Submit Ticket'
      }
      submitDisabled={uploads.uploading}
      onSubmit={submit}
      formClassName="space-y-5"
      noValidate
    >
      {failure ? <Alert tone="danger">{failure}</Alert> : null}
      <TextField
        ref={subjectField}
        label="Subject"
        value={draft.subject}
        onChange={(event) => onChange({ subject: event.target.value })}
        maxLength={TICKET_SUBJECT_MAX}
        error={errors.subject}
        required
        placeholder="Posts to X stopped going out"
      />
      <TextAreaField
        ref={descriptionField}
        label="Description"
        value={draft.description}
        onChange={(event) => onChange({ description: event.target.value })}
        maxLength={TICKET_DESCRIPTION_MAX}
        error={errors.description}
        required
        rows={5}
        placeholder="What happened, what you expected, and anything you already tried."
      />
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <SelectField
          label="Priority"
          options={PRIORITY_OPTIONS}
          value={draft.priority}
          onChange={(event) => onChange({ priority: event.target.value as TicketPriority })}
        />
        <SelectField
          label="Company (optional)"
          value={draft.companyId}
          onChange={(event) => onChange({ companyId: event.target.value })}
        >
          <option value="">Not about one company</option>
          {companies.map((company) => (
            <option key={company._id} value={company._id}>
              {company.name}
            </option>
          ))}
        </SelectField>
      </div>
      <AttachmentsField uploads={uploads} disabled={sending} />
    </FormModal>
  );
}
