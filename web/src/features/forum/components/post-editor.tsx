import { useState, type FormEvent } from 'react';
import { FORUM_POST_MAX, FORUM_TITLE_MAX } from '#shared/domain/forum';
import { Button } from '#web/components/button';
import { TextAreaField } from '#web/components/text-area-field';
import { TextField } from '#web/components/text-field';
import { isSessionEnded, messageOf } from '#web/lib/error-text';
import { serverFieldError } from '#web/lib/form-errors';
import { fullForumTime } from '../forum-time';
import { MARKDOWN_HINT } from './reply-form';

export interface PostEdit {
  content: string;
  /** The thread's title, when the post edited is a thread's opening post. */
  title?: string;
}

interface PostEditorProps {
  initial: PostEdit;
  /** Until when (ISO) the server takes the edit. */
  editableUntil: string;
  onSave: (edit: PostEdit) => Promise<unknown>;
  onCancel: () => void;
}

/** The author's edit of their post in place (and of the thread's title, for an opening post). */
export function PostEditor({ initial, editableUntil, onSave, onCancel }: PostEditorProps) {
  const [title, setTitle] = useState(initial.title);
  const [content, setContent] = useState(initial.content);
  const [errors, setErrors] = useState<{ title?: string; content?: string; other?: string }>({});
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      ...(title !== undefined && !title.trim() ? { title: 'Title is required' } : {}),
      ...(!content.trim() ? { content: 'Content is required' } : {}),
    };
    if (Object.keys(missing).length) {
      setErrors(missing);
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      await onSave({ content, ...(title !== undefined ? { title } : {}) });
    } catch (error) {
      setSaving(false);
      if (isSessionEnded(error)) return;
      const titleError = serverFieldError(error, 'title');
      const contentError = serverFieldError(error, 'content');
      setErrors(
        titleError || contentError
          ? { title: titleError, content: contentError }
          : { other: messageOf(error, 'Failed to save your edit') },
      );
    }
  };

  return (
    <form onSubmit={(event) => void save(event)} noValidate className="space-y-4">
      {title !== undefined ? (
        <TextField
          label="Title"
          value={title}
          maxLength={FORUM_TITLE_MAX}
          disabled={saving}
          error={errors.title}
          onChange={(event) => setTitle(event.target.value)}
        />
      ) : null}
      <TextAreaField
        label="Your post"
        rows={6}
        value={content}
        maxLength={FORUM_POST_MAX}
        disabled={saving}
        error={errors.content}
        hint={`${MARKDOWN_HINT} You can edit it until ${fullForumTime(editableUntil)}.`}
        onChange={(event) => setContent(event.target.value)}
      />
      {errors.other ? (
        <p role="alert" className="text-sm text-red-600">
          {errors.other}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" size="sm" loading={saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
