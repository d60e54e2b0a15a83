import clsx from 'clsx';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { KEY_MESSAGE_MAX, MAX_KEY_MESSAGES } from '#shared/domain/campaigns';
import { IconPlus, IconTrash } from '#web/components/icons';
import { inputClasses } from '#web/components/text-field';
import type { CampaignFormInput, CampaignFormValues } from '../schemas';

const quietButton =
  'inline-flex h-10 shrink-0 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:opacity-50';

/**
 * Key Messages: one input per message, 'Add key message' and a Remove per row. After a Remove,
 * focus moves to the message that took its place, or to 'Add key message' after the last one.
 */
export function KeyMessagesField({
  form,
}: {
  form: UseFormReturn<CampaignFormInput, unknown, CampaignFormValues>;
}) {
  const { control, register, setFocus, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'keyMessages' });
  const errors = formState.errors.keyMessages;
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<{ index: number } | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const pending = focusAfter.current;
    if (!pending) return;
    focusAfter.current = null;
    if (pending.index < fields.length) setFocus(`keyMessages.${pending.index}.value`);
    else addButton.current?.focus();
  }, [fields, setFocus]);

  const removeRow = (index: number) => {
    focusAfter.current = { index };
    remove(index);
    setAnnouncement(`Key message ${index + 1} removed.`);
  };

  const addRow = () => {
    // The new row takes focus (useFieldArray focuses an appended field).
    append({ value: '' });
    setAnnouncement(`Key message ${fields.length + 1} added.`);
  };

  return (
    <fieldset aria-describedby="key-messages-hint">
      <legend className="text-sm font-medium text-slate-800">Key Messages</legend>
      <p id="key-messages-hint" className="mt-0.5 text-sm text-slate-500">
        The points every post comes back to. Empty rows are left out when you save.
      </p>
      {fields.length ? (
        <ol className="mt-3 space-y-2.5">
          {fields.map((field, index) => {
            const number = index + 1;
            const error = errors?.[index]?.value?.message;
            const errorId = `key-message-${field.id}-error`;
            return (
              <li key={field.id}>
                <div className="flex items-center gap-2">
                  <span
                    aria-hidden="true"
                    className="w-5 shrink-0 text-right text-sm text-slate-500 tabular-nums"
                  >
                    {number}.
                  </span>
                  <input
                    {...register(`keyMessages.${index}.value`)}
                    aria-label={`Key message ${number}`}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    maxLength={KEY_MESSAGE_MAX}
                    placeholder={index === 0 ? 'Roasted in small batches every morning' : undefined}
                    className={clsx(inputClasses(!!error), 'min-w-0 flex-1')}
                  />
                  <button
                    type="button"
                    onClick={() => removeRow(index)}
                    aria-label={`Remove key message ${number}`}
                    className={quietButton}
                  >
                    <IconTrash aria-hidden="true" className="size-4" />
                    <span className="hidden sm:inline">Remove</span>
                  </button>
                </div>
                {error ? (
                  <p id={errorId} className="mt-1.5 ml-7 text-sm text-red-600">
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
      {errors?.root?.message || errors?.message ? (
        <p className="mt-1.5 text-sm text-red-600">{errors.root?.message ?? errors.message}</p>
      ) : null}
      {fields.length < MAX_KEY_MESSAGES ? (
        <button
          ref={addButton}
          type="button"
          onClick={addRow}
          className="mt-3 -ml-2 inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          <IconPlus aria-hidden="true" className="size-4" />
          Add key message
        </button>
      ) : (
        <p className="mt-3 text-sm text-slate-500">{`At most ${MAX_KEY_MESSAGES} key messages.`}</p>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}
