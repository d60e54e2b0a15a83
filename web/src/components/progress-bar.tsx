import clsx from 'clsx';
import type { CSSProperties } from 'react';

const tones = {
  brand: { track: 'bg-brand-100', fill: 'bg-brand-600' },
  success: { track: 'bg-emerald-100', fill: 'bg-emerald-500' },
} as const;

interface ProgressTrackProps {
  label: string;
  /** What assistive technology reads as the progress ("2 of 4 done"); the label by default. */
  valueText?: string;
  /** A known amount done, for aria-valuenow / aria-valuemax. */
  value?: { now: number; max: number };
  tone?: keyof typeof tones;
  /** The track's place and width. */
  className?: string;
  /** How the fill shows progress: its width, a transition, an animation. */
  fill: { className?: string; style?: CSSProperties };
}

/** The thin track and fill that every progress bar of the app draws. */
export function ProgressTrack({
  label,
  valueText = label,
  value,
  tone = 'brand',
  className,
  fill,
}: ProgressTrackProps) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuetext={valueText}
      {...(value
        ? { 'aria-valuemin': 0, 'aria-valuemax': value.max, 'aria-valuenow': value.now }
        : {})}
      className={clsx('h-1.5 overflow-hidden rounded-full', tones[tone].track, className)}
    >
      <div
        className={clsx('h-full rounded-full', tones[tone].fill, fill.className)}
        style={fill.style}
      />
    </div>
  );
}

/** A thin bar for work of unknown length; `label` says what is happening (announced politely). */
export function IndeterminateProgress({ label, className }: { label: string; className?: string }) {
  return (
    <div className={className}>
      <ProgressTrack label={label} fill={{ className: 'w-2/5 animate-progress' }} />
      <p role="status" className="mt-2 text-sm font-medium text-brand-700">
        {label}
      </p>
    </div>
  );
}
