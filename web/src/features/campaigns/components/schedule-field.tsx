import clsx from 'clsx';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import {
  describeSchedule,
  MAX_POSTING_TIMES,
  POSTING_TIME_PATTERN,
  SCHEDULE_MESSAGES,
  WEEKDAY_NAMES,
  WEEKDAYS,
} from '#shared/domain/campaigns';
import { SCHEDULE_MODES, type ScheduleMode } from '#shared/domain/post-results';
import { isConnectable } from '#shared/domain/tiers';
import { BestTimeWindows } from '#web/components/best-time-windows';
import { Button } from '#web/components/button';
import { IconClock, IconClose, IconPlus } from '#web/components/icons';
import { inputClasses } from '#web/components/text-field';
import { TimeZoneField } from '#web/components/time-zone-field';
import { useBestTimes } from '#web/lib/api/best-times';
import { CAMPAIGN_SCREEN_TEXTS } from '../messages';
import { bestTimesSentence } from '../campaign-format';
import type { CampaignFormInput, CampaignFormValues } from '../schemas';

/** "9:00" from "09:00", as the schedule's sentence says it. */
export const spokenTime = (time: string): string => time.replace(/^0(\d)/, '$1');

interface ScheduleFieldProps {
  form: UseFormReturn<CampaignFormInput, unknown, CampaignFormValues>;
  /** The company's zone, which a new campaign starts in. */
  companyTimeZone: string;
  /** The company whose results suggest the best times. */
  companyId: string | undefined;
}

const MODE_CHOICES: Record<ScheduleMode, { label: string; description: string }> = {
  fixed: {
    label: 'Fixed days and times',
    description: 'Approved posts take the next free posting time below.',
  },
  bestTimes: {
    label: 'Best times',
    description:
      'Approved posts take the best free time window your results suggest, and now and then try another to keep learning.',
  },
};

/**
 * The suggested windows of the campaign's platforms, with their evidence: shown in both modes, so
 * an owner on fixed times sees what the results say too. Only advice: a failure leaves it out.
 */
function SuggestedWindows({
  companyId,
  platforms,
}: {
  companyId: string | undefined;
  platforms: readonly string[];
}) {
  const { bestTimes } = useBestTimes(companyId);
  const shown = bestTimes?.platforms.filter((entry) => platforms.includes(entry.platform)) ?? [];
  if (!bestTimes || shown.length === 0) return null;
  return (
    <div
      className="rounded-xl px-4 py-3 ring-1 ring-slate-200 ring-inset"
      data-testid="suggested-windows"
    >
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        Suggested times
      </p>
      <div className="mt-2 grid gap-4 sm:grid-cols-2">
        {shown.map((entry) => (
          <BestTimeWindows key={entry.platform} entry={entry} timeZone={bestTimes.timeZone} />
        ))}
      </div>
    </div>
  );
}

/**
 * When posts go out: posting days as toggles, posting times as chips (up to 6), the time zone
 * (the company's by default) and the sentence they make: "Mon, Wed, Fri at 9:00 and 17:30, New
 * York time".
 */
export function ScheduleField({ form, companyTimeZone, companyId }: ScheduleFieldProps) {
  const { control, register, setValue, formState } = form;
  const { errors, isSubmitted } = formState;
  const [days = [], times = [], timeZone = '', mode = 'fixed', platforms = []] = useWatch({
    control,
    name: ['days', 'times', 'timeZone', 'mode', 'platforms'],
  });
  const [newTime, setNewTime] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const timeInput = useRef<HTMLInputElement>(null);
  const chips = useRef<HTMLUListElement>(null);
  const focusAfterRemove = useRef<number | null>(null);
  const ids = { days: useId(), times: useId(), timesError: useId(), mode: useId() };
  const full = times.length >= MAX_POSTING_TIMES;

  const setTimes = (next: string[]) =>
    setValue('times', [...new Set(next)].sort(), {
      shouldDirty: true,
      shouldValidate: isSubmitted,
    });

  // A removed chip's button is gone: focus the chip that took its place, or the time input.
  useEffect(() => {
    const index = focusAfterRemove.current;
    if (index === null) return;
    focusAfterRemove.current = null;
    const buttons = chips.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    (buttons[Math.min(index, buttons.length - 1)] ?? timeInput.current)?.focus();
  }, [times]);

  const addTime = () => {
    const time = newTime.trim();
    if (!POSTING_TIME_PATTERN.test(time)) {
      setAddError(SCHEDULE_MESSAGES.timeInvalid);
      timeInput.current?.focus();
      return;
    }
    if (times.includes(time)) {
      setAddError(`${spokenTime(time)} is already a posting time`);
      return;
    }
    if (full) {
      setAddError(SCHEDULE_MESSAGES.tooManyTimes);
      return;
    }
    setAddError(null);
    setTimes([...times, time]);
    setNewTime('');
  };

  const onTimeKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the time rather than submitting the form.
    if (event.key === 'Enter') {
      event.preventDefault();
      addTime();
    }
  };

  const removeTime = (index: number) => {
    focusAfterRemove.current = index;
    setTimes(times.filter((_, position) => position !== index));
  };

  const timesError = addError ?? errors.times?.message ?? errors.times?.root?.message;
  const fixedSentence =
    days.length && times.length && timeZone ? describeSchedule({ timeZone, days, times }) : null;
  const sentence =
    mode === 'bestTimes' ? (timeZone ? bestTimesSentence(timeZone) : null) : fixedSentence;

  return (
    <div className="space-y-6">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">How posts are timed</legend>
        <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
          {SCHEDULE_MODES.map((choice) => (
            <label
              key={choice}
              className={clsx(
                'flex cursor-pointer gap-3 rounded-xl border p-3 text-sm transition-colors',
                mode === choice
                  ? 'border-brand-500 bg-brand-50 ring-1 ring-brand-500'
                  : 'border-slate-200 hover:border-slate-300',
              )}
            >
              <input
                type="radio"
                value={choice}
                aria-labelledby={`${ids.mode}-${choice}-label`}
                aria-describedby={`${ids.mode}-${choice}`}
                className="mt-0.5 size-4 shrink-0 accent-brand-600"
                {...register('mode')}
              />
              <span className="min-w-0">
                <span
                  id={`${ids.mode}-${choice}-label`}
                  className="block font-medium text-slate-900"
                >
                  {MODE_CHOICES[choice].label}
                </span>
                <span id={`${ids.mode}-${choice}`} className="mt-0.5 block text-slate-600">
                  {MODE_CHOICES[choice].description}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <SuggestedWindows
        companyId={companyId}
        platforms={(platforms as string[]).filter(isConnectable)}
      />

      {mode === 'bestTimes' ? (
        <p className="text-sm text-slate-600">
          The days and times below are kept for Move, and for when you switch back to fixed times.
        </p>
      ) : null}

      <fieldset aria-describedby={errors.days ? `${ids.days}-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">Posting days</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {WEEKDAYS.map((day) => (
            <label key={day} className="relative">
              <input
                type="checkbox"
                value={day}
                aria-label={WEEKDAY_NAMES[day].long}
                className="peer sr-only"
                {...register('days')}
              />
              <span
                aria-hidden="true"
                className={clsx(
                  'inline-flex h-10 min-w-12 cursor-pointer items-center justify-center rounded-lg px-3 text-sm font-semibold ring-1 transition-colors select-none ring-inset',
                  'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
                  'peer-checked:bg-brand-600 peer-checked:text-white peer-checked:ring-brand-600 peer-checked:hover:bg-brand-700',
                  'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
                )}
              >
                {WEEKDAY_NAMES[day].short}
              </span>
            </label>
          ))}
        </div>
        {errors.days ? (
          <p id={`${ids.days}-error`} className="mt-1.5 text-sm text-red-600">
            {errors.days.message ?? errors.days.root?.message}
          </p>
        ) : null}
      </fieldset>

      <div role="group" aria-labelledby={ids.times}>
        <p id={ids.times} className="text-sm font-medium text-slate-800">
          Posting times
        </p>
        {times.length ? (
          <ul ref={chips} aria-labelledby={ids.times} className="mt-2 flex flex-wrap gap-2">
            {times.map((time, index) => (
              <li
                key={time}
                className="inline-flex h-9 items-center gap-1 rounded-full bg-brand-50 pr-1 pl-3 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset tabular-nums"
              >
                <IconClock aria-hidden="true" className="size-4 text-brand-600" />
                {spokenTime(time)}
                <button
                  type="button"
                  onClick={() => removeTime(index)}
                  aria-label={`Remove ${spokenTime(time)}`}
                  className="inline-flex size-7 items-center justify-center rounded-full text-brand-700 hover:bg-brand-100 hover:text-brand-900"
                >
                  <IconClose aria-hidden="true" className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <div className="w-36">
            <input
              ref={timeInput}
              type="time"
              step={60}
              value={newTime}
              onChange={(event) => {
                setNewTime(event.target.value);
                setAddError(null);
              }}
              onKeyDown={onTimeKeyDown}
              disabled={full}
              aria-label="Posting time to add"
              aria-invalid={timesError ? true : undefined}
              aria-describedby={timesError ? ids.timesError : undefined}
              className={inputClasses(!!timesError)}
            />
          </div>
          <Button variant="secondary" onClick={addTime} disabled={full}>
            <IconPlus aria-hidden="true" className="size-4" />
            Add time
          </Button>
          {full ? (
            <span className="text-sm text-slate-500">{SCHEDULE_MESSAGES.tooManyTimes}.</span>
          ) : null}
        </div>
        {timesError ? (
          <p id={ids.timesError} className="mt-1.5 text-sm text-red-600">
            {timesError}
          </p>
        ) : null}
      </div>

      <TimeZoneField
        label="Time zone"
        hint={
          timeZone === companyTimeZone
            ? "The company's time zone. Posting days and times are in this zone."
            : 'Posting days and times are in this zone.'
        }
        control={control}
        name="timeZone"
      />

      <div className="rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200 ring-inset">
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Posts go out</p>
        <p
          role="status"
          className={clsx(
            'mt-0.5 text-sm',
            sentence ? 'font-medium text-slate-900' : 'text-slate-500',
          )}
        >
          {sentence ?? CAMPAIGN_SCREEN_TEXTS.scheduleIncomplete}
        </p>
      </div>
    </div>
  );
}
