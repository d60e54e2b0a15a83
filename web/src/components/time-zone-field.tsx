import {
  Combobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Description,
  Field,
  Label,
} from '@headlessui/react';
import clsx from 'clsx';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  useController,
  type FieldPath,
  type FieldValues,
  type UseControllerProps,
} from 'react-hook-form';
import { zoneChoices, zoneLabel, zoneMatches, type ZoneOption } from '#web/lib/time-zone-options';
import { controlStateClasses } from './field';
import { IconCheck, IconChevronUpDown } from './icons';

type TimeZoneFieldProps<
  T extends FieldValues,
  TName extends FieldPath<T>,
  TOut,
> = UseControllerProps<T, TName, TOut> & {
  label: string;
  hint?: ReactNode;
  className?: string;
};

function ZoneGroup({ title, options }: { title: string; options: readonly ZoneOption[] }) {
  const titleId = useId();
  if (options.length === 0) return null;
  return (
    <div role="group" aria-labelledby={titleId}>
      <div
        id={titleId}
        role="presentation"
        className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase"
      >
        {title}
      </div>
      {options.map((option) => (
        <ComboboxOption
          key={option.zone}
          value={option.zone}
          className="group flex cursor-default items-center gap-2 px-3 py-2 text-sm text-slate-900 select-none data-focus:bg-brand-50 data-focus:text-brand-900"
        >
          <IconCheck
            aria-hidden="true"
            className="invisible size-4 shrink-0 text-brand-600 group-data-selected:visible"
          />
          {option.label}
        </ComboboxOption>
      ))}
    </div>
  );
}

/**
 * The time zone of a form: a searchable combobox whose value stays the IANA id ("America/
 * Los_Angeles") while the owner reads and types words ("Los Angeles time (UTC−8)"). Typing a
 * city, an offset or an id filters the list; the browser's zone and the common zones come first.
 * The arrow keys move, Enter chooses, Escape closes, and a screen reader hears the option in
 * focus (Headless UI's combobox).
 */
export function TimeZoneField<T extends FieldValues, TName extends FieldPath<T>, TOut = T>({
  label,
  hint,
  className,
  ...controller
}: TimeZoneFieldProps<T, TName, TOut>) {
  const { field, fieldState } = useController(controller);
  const value = (field.value as string | undefined) ?? '';
  const error = fieldState.error?.message;
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement | null>(null);
  const focusingClick = useRef(false);
  // The field shows the chosen zone's words; typing should start a new search, not add to them.
  // So its text is selected whenever it is entered (by Tab or by a click) and when the list closes.
  const selectText = () => {
    // After Headless UI has put the chosen zone's words back in the field.
    requestAnimationFrame(() => {
      if (input.current && document.activeElement === input.current) input.current.select();
    });
  };
  // The 400-odd zones and their offsets are worked out when the value changes, not per keystroke.
  const choices = useMemo(() => zoneChoices(value), [value]);
  const suggested = choices.suggested.filter((option) => zoneMatches(option, query));
  const others = choices.others.filter((option) => zoneMatches(option, query));

  return (
    // Headless UI's Field ties the label and the message under the field to the input (it sets
    // the input's aria-labelledby and aria-describedby itself).
    <Field className={className} disabled={field.disabled}>
      <Label className="mb-1.5 block text-sm font-medium text-slate-800">{label}</Label>
      <Combobox
        value={value}
        onChange={(zone: string | null) => {
          if (zone) field.onChange(zone);
        }}
        onClose={() => {
          setQuery('');
          selectText();
        }}
        disabled={field.disabled}
      >
        <div className="relative">
          <ComboboxInput
            ref={(element) => {
              input.current = element;
              field.ref(element);
            }}
            name={field.name}
            aria-invalid={error ? true : undefined}
            autoComplete="off"
            spellCheck={false}
            displayValue={(zone: string) => (zone ? zoneLabel(zone) : '')}
            onChange={(event) => setQuery(event.target.value)}
            onFocus={(event) => event.target.select()}
            onMouseDown={(event) => {
              focusingClick.current = event.currentTarget !== document.activeElement;
            }}
            onMouseUp={(event) => {
              // The click that focuses the field would put the caret where it landed, undoing
              // the selection.
              if (focusingClick.current) event.preventDefault();
              focusingClick.current = false;
            }}
            onBlur={field.onBlur}
            className={clsx(
              'block h-11 w-full rounded-lg border bg-white pr-10 pl-3 text-base text-slate-900 shadow-xs transition-colors sm:h-10 sm:text-sm',
              controlStateClasses(!!error),
            )}
          />
          <ComboboxButton
            aria-label="Show all time zones"
            className="absolute inset-y-0 right-0 flex items-center rounded-r-lg px-2.5 text-slate-500 hover:text-slate-700"
          >
            <IconChevronUpDown aria-hidden="true" className="size-5" />
          </ComboboxButton>
          <ComboboxOptions
            modal={false}
            className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg empty:invisible"
          >
            {suggested.length + others.length === 0 ? (
              <div role="presentation" className="px-3 py-2 text-sm text-slate-600">
                No time zone matches “{query}”
              </div>
            ) : null}
            <ZoneGroup title="Suggested" options={suggested} />
            <ZoneGroup title="All time zones" options={others} />
          </ComboboxOptions>
        </div>
      </Combobox>
      {/* As FieldMessage: the error replaces the hint, and only what shows is described. */}
      {error ? (
        <Description as="p" className="mt-1.5 text-sm text-red-600">
          {error}
        </Description>
      ) : hint ? (
        <Description as="p" className="mt-1.5 text-sm text-slate-500">
          {hint}
        </Description>
      ) : null}
    </Field>
  );
}
