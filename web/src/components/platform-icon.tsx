import clsx from 'clsx';
import type { PlatformId } from '#shared/domain/tiers';

/** A small brand-coloured mark for each social platform. */
export function PlatformIcon({
  platform,
  className,
}: {
  platform: PlatformId;
  className?: string;
}) {
  const box = clsx(
    'inline-flex size-10 shrink-0 items-center justify-center rounded-xl',
    className,
  );
  switch (platform) {
    case 'twitter':
      return (
        <span className={clsx(box, 'bg-slate-900 text-white')} aria-hidden="true">
          <svg viewBox="0 0 24 24" className="size-4.5" fill="currentColor">
            <path d="M18.9 1.15h3.68l-8.04 9.19L24 22.85h-7.4l-5.8-7.58-6.64 7.58H.47l8.6-9.83L0 1.15h7.6l5.24 6.93zm-1.3 19.5h2.04L6.49 3.24H4.3z" />
          </svg>
        </span>
      );
    case 'linkedin':
      return (
        <span className={clsx(box, 'bg-[#0a66c2] text-white')} aria-hidden="true">
          <span className="text-base leading-none font-bold tracking-tight">in</span>
        </span>
      );
    case 'facebook':
      return (
        <span className={clsx(box, 'bg-[#1877f2] text-white')} aria-hidden="true">
          <span className="text-xl leading-none font-bold">f</span>
        </span>
      );
    case 'instagram':
      return (
        <span
          className={clsx(
            box,
            'bg-gradient-to-tr from-amber-400 via-pink-500 to-purple-600 text-white',
          )}
          aria-hidden="true"
        >
          <svg
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
            <circle cx="12" cy="12" r="4" />
            <circle cx="17.2" cy="6.8" r="0.6" fill="currentColor" />
          </svg>
        </span>
      );
  }
}
