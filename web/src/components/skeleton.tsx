import clsx from 'clsx';

/** A grey placeholder block for content that is loading (decorative; say "loading" elsewhere). */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={clsx('animate-pulse rounded-md bg-slate-200/80', className)}
    />
  );
}
