import { useState, type FormEvent } from 'react';
import { FORUM_POST_MAX } from '#shared/domain/forum';
import { Button } from '#web/components/button';
import { IconLock } from '#web/components/icons';
import { TextAreaField } from '#web/components/text-area-field';
import { isSessionEnded, messageOf } from '#web/lib/error-text';
import { serverFieldError } from '#web/lib/form-errors';

/** Under every text box of the forum: what the text may hold. */
export const MARKDOWN_HINT =
  'Markdown works: **bold**, _italic_, lists, `code` and [links](https://…).';

const REPLY_REQUIRED = 'Reply is required';

/** What a closed thread shows where its reply form was. */
export function ClosedNotice() {
  return (
    <div className="flex items-start gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-5">
      <IconLock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
      <div>
        <h2 className="text-base font-semibold text-slate-900">This thread is closed</h2>
        <p className="mt-0.5 text-sm text-slate-600">It takes no more replies.</p>
      </div>
    </div>
  );
}

/** The reply box under a thread; `onReply` rejects with the server's refusal. */
export function ReplyForm({ onReply }: { onReply: (content: string) => Promise<unknown> }) {
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim()) {
      setError(REPLY_REQUIRED);
      return;
    }
    setSending(true);
    setError(undefined);
    try {
      await onReply(content);
      setContent('');
    } catch (failure) {
      if (!isSessionEnded(failure)) {
        setError(serverFieldError(failure, 'content') ?? messageOf(failure, 'Failed to reply'));
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Reply to this thread">
      <TextAreaField
        label="Your reply"
        rows={5}
        value={content}
        maxLength={FORUM_POST_MAX}
        disabled={sending}
        error={error}
        hint={MARKDOWN_HINT}
        onChange={(event) => {
          setContent(event.target.value);
          setError(undefined);
        }}
      />
      <div className="mt-3 flex justify-end">
        <Button type="submit" loading={sending}>
          {sending ? 'Posting...' : 'Post Reply'}
        </Button>
      </div>
    </form>
  );
}
