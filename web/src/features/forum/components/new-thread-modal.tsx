import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { createThreadBody, type ForumThread } from '#shared/contract/forum';
import { FORUM_POST_MAX, FORUM_TITLE_MAX } from '#shared/domain/forum';
import { Alert } from '#web/components/alert';
import { FormModal } from '#web/components/form-modal';
import { SelectField } from '#web/components/select-field';
import { TextAreaField } from '#web/components/text-area-field';
import { TextField } from '#web/components/text-field';
import { isSessionEnded } from '#web/lib/error-text';
import { applyFieldErrors, useFocusRefusedField } from '#web/lib/form-errors';
import { createThread } from '../api/create-thread';
import { useCategoryChoices } from '../api/list-category-choices';
import { createThreadFailureText } from '../failure-text';
import { FORUM_TEXTS } from '../forum-texts';
import { MARKDOWN_HINT } from './reply-form';

const threadForm = z.object({
  title: createThreadBody.shape.title,
  categoryId: z.string().min(1, 'Category is required'),
  content: createThreadBody.shape.content,
});
type ThreadFormValues = z.input<typeof threadForm>;
const FIELDS = ['title', 'categoryId', 'content'] as const;

interface NewThreadModalProps {
  /** The category the thread goes in unless the author picks another. */
  categoryId?: string;
  onClose: () => void;
  onCreated: (thread: ForumThread) => void;
}

/** 'New Thread': a title, a category and the opening post (Markdown). */
export function NewThreadModal({ categoryId = '', onClose, onCreated }: NewThreadModalProps) {
  const { choices, failed, retry } = useCategoryChoices();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ThreadFormValues>({
    resolver: zodResolver(threadForm),
    defaultValues: { title: '', categoryId, content: '' },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  useFocusRefusedField(form);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      onCreated(await createThread(threadForm.parse(values)));
    } catch (error) {
      if (isSessionEnded(error)) return;
      applyFieldErrors(setError, error, FIELDS);
      setFailure(createThreadFailureText(error));
    }
  });

  return (
    <FormModal
      onClose={onClose}
      busy={isSubmitting}
      size="lg"
      title="New Thread"
      description="Ask a question or share something with the other founders."
      submitLabel={isSubmitting ? 'Creating...' : 'Create Thread'}
      onSubmit={submit}
      formClassName="space-y-5"
      noValidate
    >
      {failure ? <Alert tone="danger">{failure}</Alert> : null}
      <TextField
        label="Title"
        maxLength={FORUM_TITLE_MAX}
        disabled={isSubmitting}
        error={errors.title?.message}
        {...register('title')}
      />
      {choices ? (
        <SelectField
          label="Category"
          disabled={isSubmitting}
          error={errors.categoryId?.message}
          {...register('categoryId')}
        >
          <option value="">Choose a category</option>
          {choices.map((choice) => (
            <option key={choice._id} value={choice._id}>
              {choice.name}
            </option>
          ))}
        </SelectField>
      ) : (
        // Registered once the categories are there, so that the one given starts chosen.
        <SelectField
          label="Category"
          disabled
          value=""
          error={failed ? FORUM_TEXTS.loadCategoriesFailed : undefined}
        >
          <option value="">{failed ? 'No categories' : 'Loading categories…'}</option>
        </SelectField>
      )}
      {failed ? (
        <button
          type="button"
          onClick={retry}
          className="-mt-3 rounded text-sm font-medium text-brand-700 hover:underline"
        >
          Load categories again
        </button>
      ) : null}
      <TextAreaField
        label="Content"
        rows={8}
        maxLength={FORUM_POST_MAX}
        disabled={isSubmitting}
        error={errors.content?.message}
        hint={MARKDOWN_HINT}
        {...register('content')}
      />
    </FormModal>
  );
}
