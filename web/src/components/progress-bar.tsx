import clsx from 'clsx';

/** A thin bar for work of unknown length; `label` says what is happening (announced politely). */
export function IndeterminateProgress({ label, className }: { label: string; className?: string }) {
  return (
    <div className={className}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuetext={label}
        className="h-1.5 overflow-hidden rounded-full bg-brand-100"
      >
        <div className="h-full w-2/5 animate-progress rounded-full bg-brand-600" />
      </div>
      <p role="status" className={clsx('mt-2 text-sm font-medium text-brand-700')}>
        {label}
      </p>
    </div>
  );
}
