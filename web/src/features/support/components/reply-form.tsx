import clsx from 'clsx';
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { TicketResponse } from '#shared/contract/support';
import { SUPPORT_MESSAGES, TICKET_RESPONSE_MAX } from '#shared/domain/support';
import { Button } from '#web/components/button';
import { Checkbox } from '#web/components/checkbox';
import { TextAreaField } from '#web/components/text-area-field';
import { ApiError } from '#web/lib/api-client';
import { isSessionEnded, messageOf } from '#web/lib/error-text';
import { createResponse } from '../api/create-response';
import { SUPPORT_TEXTS } from '../support-texts';
import { useAttachmentUploads } from '../use-attachment-uploads';
import { AttachmentsField } from './attachments-field';

interface ReplyFormProps {
  ticketId: string;
  /** Staff may write an internal note instead of a reply. */
  staff: boolean;
  onSent: (response: TicketResponse) => void | Promise<void>;
}

/**
 * The reply under a ticket's conversation. A reply is required: an empty one, or one of only
 * spaces and line breaks, is not sent (the field says it is required). A refusal keeps the text.
 * Staff can tick 'Internal note': the field turns amber and says the owner never sees it.
 */
export function ReplyForm({ ticketId, staff, onSent }: ReplyFormProps) {
  const field = useRef<HTMLTextAreaElement>(null);
  const [content, setContent] = useState('');
  const [internal, setInternal] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const uploads = useAttachmentUploads();

  const submit = async () => {
    if (sending || uploads.uploading) return;
    const text = content.trim();
    if (!text) {
      setError(SUPPORT_MESSAGES.replyRequired);
      field.current?.focus();
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      const response = await createResponse({
        ticketId,
        content: text,
        attachmentIds: uploads.attachmentIds,
        ...(staff && internal ? { internal: true } : {}),
      });
      setContent('');
      setInternal(false);
      uploads.clear();
      toast.success(internal ? SUPPORT_TEXTS.noteAdded : SUPPORT_TEXTS.replySent);
      await onSent(response);
    } catch (failure) {
      if (isSessionEnded(failure)) return;
      const fieldMessage = failure instanceof ApiError ? failure.fields.content : undefined;
      if (fieldMessage) setError(fieldMessage);
      else toast.error(messageOf(failure, 'Failed to send the reply. Please try again.'));
    } finally {
      setSending(false);
    }
  };

  const note = staff && internal;
  return (
    <form
      noValidate
      aria-label={SUPPORT_TEXTS.reply}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className={clsx(
        'space-y-4 rounded-2xl border p-4 sm:p-5',
        note ? 'border-dashed border-amber-300 bg-amber-50' : 'border-slate-200 bg-white shadow-xs',
      )}
    >
      <TextAreaField
        ref={field}
        label={note ? SUPPORT_TEXTS.internalToggle : SUPPORT_TEXTS.reply}
        hint={note ? SUPPORT_TEXTS.internalHint : undefined}
        value={content}
        onChange={(event) => {
          setContent(event.target.value);
          if (error) setError(undefined);
        }}
        maxLength={TICKET_RESPONSE_MAX}
        error={error}
        required
        rows={4}
        disabled={sending}
        placeholder={note ? 'What the team should know' : 'Write your reply'}
      />
      <AttachmentsField uploads={uploads} disabled={sending} />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        {staff ? (
          <Checkbox
            label={SUPPORT_TEXTS.internalToggle}
            description="Only staff see it"
            checked={internal}
            onChange={(event) => setInternal(event.target.checked)}
            disabled={sending}
          />
        ) : (
          <span />
        )}
        <Button type="submit" loading={sending} disabled={uploads.uploading}>
          {note ? SUPPORT_TEXTS.addNote : SUPPORT_TEXTS.sendReply}
        </Button>
      </div>
    </form>
  );
}
