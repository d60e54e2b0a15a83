import clsx from 'clsx';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { HEX_COLOR, MAX_BRAND_COLORS } from '#shared/contract/companies';
import { IconPlus, IconTrash } from '#web/components/icons';
import { inputClasses } from '#web/components/text-field';
import { normaliseHex, type CompanyFormInput, type CompanyFormValues } from '../schemas';
import { COMPANY_FIELD_LABELS } from '../messages';

const quietButton =
  'inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:opacity-50';

interface BrandColorsFieldProps {
  form: UseFormReturn<CompanyFormInput, unknown, CompanyFormValues>;
  disabled?: boolean;
}

/**
 * Brand colour rows: a colour picker and its hex code per row, 'Add colour', and a Remove control
 * that shows only while more than one row exists (a company keeps at least one colour). After a
 * Remove, focus moves to the colour that took its place, or to 'Add colour' after the last one.
 */
export function BrandColorsField({ form, disabled }: BrandColorsFieldProps) {
  const { control, register, setValue, setFocus, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'brandColors' });
  const rows = useWatch({ control, name: 'brandColors' });
  const errors = formState.errors.brandColors;
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAfterRemove = useRef<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // The removed row's button is gone; without this, focus would drop to the page's start.
  useEffect(() => {
    const index = focusAfterRemove.current;
    if (index === null) return;
    focusAfterRemove.current = null;
    if (index < fields.length) setFocus(`brandColors.${index}.value`);
    else addButton.current?.focus();
  }, [fields, setFocus]);

  const removeRow = (index: number) => {
    focusAfterRemove.current = index;
    remove(index);
    setAnnouncement(`Colour ${index + 1} removed.`);
  };

  return (
    <fieldset disabled={disabled}>
      <legend className="text-sm font-medium text-slate-800">
        {COMPANY_FIELD_LABELS.brandColors}
      </legend>
      <p className="mt-0.5 text-sm text-slate-500">
        Keeps your graphics on brand. Empty rows are left out when you save.
      </p>
      <ul className="mt-3 space-y-2.5">
        {fields.map((field, index) => {
          const number = index + 1;
          const name = `brandColors.${index}.value` as const;
          const value = normaliseHex(rows?.[index]?.value ?? '');
          const valid = HEX_COLOR.test(value);
          const error = errors?.[index]?.value?.message;
          const setColor = (color: string) =>
            setValue(name, color, { shouldDirty: true, shouldValidate: !!error });
          return (
            <li key={field.id}>
              <div className="flex items-center gap-2.5">
                <label
                  className="relative size-10 shrink-0 overflow-hidden rounded-lg shadow-xs ring-1 ring-slate-300 ring-inset focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600"
                  style={{ backgroundColor: valid ? value : '#ffffff' }}
                >
                  <span className="sr-only">{`Brand colour ${number}`}</span>
                  <input
                    type="color"
                    value={valid ? value.toLowerCase() : '#ffffff'}
                    onChange={(event) => setColor(event.target.value.toUpperCase())}
                    className="absolute inset-0 size-full cursor-pointer opacity-0"
                  />
                  {!valid ? (
                    <span
                      aria-hidden="true"
                      className="pointer-events-none absolute inset-0 bg-[linear-gradient(135deg,transparent_46%,#cbd5e1_46%,#cbd5e1_54%,transparent_54%)]"
                    />
                  ) : null}
                </label>
                <input
                  {...register(name, {
                    onBlur: (event: { target: HTMLInputElement }) => {
                      const typed = event.target.value;
                      if (normaliseHex(typed) !== typed) setColor(normaliseHex(typed));
                    },
                  })}
                  aria-label={`Brand colour ${number} hex code`}
                  aria-invalid={error ? true : undefined}
                  placeholder="#RRGGBB"
                  spellCheck={false}
                  autoComplete="off"
                  maxLength={7}
                  className={clsx(inputClasses(!!error), 'w-36 font-mono uppercase sm:w-40')}
                />
                {fields.length > 1 ? (
                  <button
                    type="button"
                    onClick={() => removeRow(index)}
                    aria-label={`Remove colour ${number}`}
                    className={quietButton}
                  >
                    <IconTrash aria-hidden="true" className="size-4" />
                    <span className="hidden sm:inline">Remove</span>
                  </button>
                ) : null}
              </div>
              {error ? <p className="mt-1.5 text-sm text-red-600">{error}</p> : null}
            </li>
          );
        })}
      </ul>
      {fields.length < MAX_BRAND_COLORS ? (
        <button
          ref={addButton}
          type="button"
          onClick={() => append({ value: '' })}
          className="mt-3 -ml-2 inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:text-slate-400"
        >
          <IconPlus aria-hidden="true" className="size-4" />
          Add colour
        </button>
      ) : null}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}
