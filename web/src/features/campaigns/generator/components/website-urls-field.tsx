import clsx from 'clsx';
import { useEffect, useId, useRef, useState } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { WEBSITE_MAX } from '#shared/contract/companies';
import { AI_WEBSITE_URLS_MAX } from '#shared/domain/ai-campaigns';
import { IconPlus, IconTrash } from '#web/components/icons';
import { inputClasses } from '#web/components/text-field';
import { GENERATOR_TEXTS } from '../generator-texts';
import type { BriefInput, BriefValues } from '../schemas';

const quietButton =
  'inline-flex h-10 shrink-0 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:opacity-50';

/**
 * Websites for the AI to read (up to AI_WEBSITE_URLS_MAX), one input each, 'Add website' and a
 * Remove per row; empty rows are left out. After a Remove, focus moves to the row that took its
 * place, or to 'Add website'.
 */
export function WebsiteUrlsField({
  form,
}: {
  form: UseFormReturn<BriefInput, unknown, BriefValues>;
}) {
  const hintId = useId();
  const { control, register, setFocus, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'websiteUrls' });
  const errors = formState.errors.websiteUrls;
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<{ index: number } | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const pending = focusAfter.current;
    if (!pending) return;
    focusAfter.current = null;
    if (pending.index < fields.length) setFocus(`websiteUrls.${pending.index}.value`);
    else addButton.current?.focus();
  }, [fields, setFocus]);

  return (
    <fieldset aria-describedby={hintId} className="min-w-0">
      <legend className="text-sm font-medium text-slate-800">
        {GENERATOR_TEXTS.websitesLegend}
      </legend>
      <p id={hintId} className="mt-0.5 text-sm text-slate-500">
        {GENERATOR_TEXTS.websitesHint}
      </p>
      {fields.length ? (
        <ul className="mt-3 space-y-2.5">
          {fields.map((field, index) => {
            const number = index + 1;
            const error = errors?.[index]?.value?.message;
            const errorId = `website-${field.id}-error`;
            return (
              <li key={field.id}>
                <div className="flex items-center gap-2">
                  <input
                    {...register(`websiteUrls.${index}.value`)}
                    type="url"
                    inputMode="url"
                    autoComplete="url"
                    aria-label={`Website ${number}`}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    maxLength={WEBSITE_MAX}
                    placeholder="https://example.com"
                    className={clsx(inputClasses(!!error), 'min-w-0 flex-1')}
                  />
                  <button
                    type="button"
                    onClick={() => {
                      focusAfter.current = { index };
                      remove(index);
                      setAnnouncement(`Website ${number} removed.`);
                    }}
                    aria-label={`Remove website ${number}`}
                    className={quietButton}
                  >
                    <IconTrash aria-hidden="true" className="size-4" />
                    <span className="hidden sm:inline">Remove</span>
                  </button>
                </div>
                {error ? (
                  <p id={errorId} className="mt-1.5 text-sm text-red-600">
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {fields.length < AI_WEBSITE_URLS_MAX ? (
        <button
          ref={addButton}
          type="button"
          onClick={() => {
            append({ value: '' });
            setAnnouncement(`Website ${fields.length + 1} added.`);
          }}
          className="mt-3 -ml-2 inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          <IconPlus aria-hidden="true" className="size-4" />
          {GENERATOR_TEXTS.addWebsite}
        </button>
      ) : (
        <p className="mt-3 text-sm text-slate-500">{`At most ${AI_WEBSITE_URLS_MAX} websites.`}</p>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}
