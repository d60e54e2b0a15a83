import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { createCategoryBody, type ForumCategory } from '#shared/contract/forum';
import {
  categorySlug,
  FORUM_CATEGORY_DESCRIPTION_MAX,
  FORUM_CATEGORY_NAME_MAX,
  FORUM_CATEGORY_ORDER_MAX,
} from '#shared/domain/forum';
import { Alert } from '#web/components/alert';
import { FormModal } from '#web/components/form-modal';
import { TextAreaField } from '#web/components/text-area-field';
import { TextField } from '#web/components/text-field';
import { hasCode, isSessionEnded, messageOf } from '#web/lib/error-text';
import { applyFieldErrors, useFocusRefusedField } from '#web/lib/form-errors';
import { createCategory } from '../api/create-category';

interface CategoryFormValues {
  name: string;
  description: string;
  order: number;
}
const FIELDS = ['name', 'description', 'order'] as const;

/**
 * 'Create Category': a name (its slug, the category's address, shown as it is typed), a
 * description, and its place in the list (order, 0 or more; lower first).
 */
export function CreateCategoryModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (category: ForumCategory) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CategoryFormValues>({
    resolver: zodResolver(createCategoryBody),
    defaultValues: { name: '', description: '', order: 0 },
  });
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  useFocusRefusedField(form);
  const slug = categorySlug(watch('name'));

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      onCreated(await createCategory({ ...values, slug: categorySlug(values.name) }));
    } catch (error) {
      if (isSessionEnded(error)) return;
      if (hasCode(error, 'FORUM_SLUG_TAKEN')) {
        setError('name', { type: 'server', message: messageOf(error, 'This name is taken') });
        return;
      }
      // The slug follows from the name: a refusal of it is the name's.
      const marked = applyFieldErrors(setError, error, FIELDS, (field) =>
        field === 'slug' ? 'name' : field,
      );
      if (!marked) setFailure(messageOf(error, 'Failed to create category'));
    }
  });

  return (
    <FormModal
      onClose={onClose}
      busy={isSubmitting}
      title="Create Category"
      description="A place for one kind of conversation."
      submitLabel={isSubmitting ? 'Creating...' : 'Create Category'}
      onSubmit={submit}
      formClassName="space-y-5"
      noValidate
    >
      {failure ? <Alert tone="danger">{failure}</Alert> : null}
      <TextField
        label="Name"
        maxLength={FORUM_CATEGORY_NAME_MAX}
        disabled={isSubmitting}
        error={errors.name?.message}
        hint={
          <>
            Slug: <span className="font-medium break-all text-slate-700">{slug || '—'}</span>
          </>
        }
        {...register('name')}
      />
      <TextAreaField
        label="Description"
        rows={3}
        maxLength={FORUM_CATEGORY_DESCRIPTION_MAX}
        disabled={isSubmitting}
        error={errors.description?.message}
        {...register('description')}
      />
      <TextField
        label="Order"
        type="number"
        inputMode="numeric"
        min={0}
        max={FORUM_CATEGORY_ORDER_MAX}
        step={1}
        disabled={isSubmitting}
        error={errors.order?.message}
        hint="Lower numbers come first in the list."
        className="[&_input]:max-w-40"
        {...register('order', { valueAsNumber: true })}
      />
    </FormModal>
  );
}
