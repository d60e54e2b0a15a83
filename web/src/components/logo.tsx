import clsx from 'clsx';

interface LogoProps {
  /** Show the "Sailpost" word beside the mark. */
  wordmark?: boolean;
  className?: string;
  /** On dark backgrounds. */
  inverted?: boolean;
}

/** The sail mark alone; `className` sets its size (size-8 by default). */
export function LogoMark({
  className = 'size-8',
  inverted = false,
}: {
  className?: string;
  inverted?: boolean;
}) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={clsx('shrink-0', className)}>
      <rect
        width="32"
        height="32"
        rx="8"
        className={inverted ? 'fill-white/15' : 'fill-brand-600'}
      />
      <path d="M15 5v16H6.5z" fill="#fff" />
      <path d="M17 9v12h7.5z" fill="#c7d2fe" />
      <path d="M5.5 23h21l-3 4h-15z" fill="#fff" />
    </svg>
  );
}

export function Logo({ wordmark = true, className, inverted = false }: LogoProps) {
  return (
    <span className={clsx('inline-flex items-center gap-2.5', className)}>
      <LogoMark inverted={inverted} />
      {wordmark ? (
        <span
          className={clsx(
            'text-lg font-bold tracking-tight',
            inverted ? 'text-white' : 'text-slate-900',
          )}
        >
          Sailpost
        </span>
      ) : (
        <span className="sr-only">Sailpost</span>
      )}
    </span>
  );
}
