import clsx from 'clsx';

interface SpinnerProps {
  /** Read by screen readers; pass null when the surrounding text already says what is happening. */
  label?: string | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

export function Spinner({ label = 'Loading', size = 'md', className }: SpinnerProps) {
  const circle = (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      className={clsx('animate-spin', sizes[size], className)}
    >
      <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path
        d="M21.5 12A9.5 9.5 0 0 0 12 2.5"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
  if (label === null) return circle;
  return (
    <span role="status" className="inline-flex">
      {circle}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A centred spinner filling the page, for whole-screen loading (session, lazy screens). */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center text-brand-600">
      <Spinner label={label} size="lg" />
    </div>
  );
}
