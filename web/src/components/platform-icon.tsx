import clsx from 'clsx';
import type { PlatformId } from '#shared/domain/tiers';

/** Box and glyph together, so a smaller mark keeps its proportions. */
const SIZES = {
  sm: { box: 'size-6 rounded-md', glyph: 'size-3', letters: 'text-[0.6875rem]', f: 'text-sm' },
  md: { box: 'size-10 rounded-xl', glyph: 'size-4.5', letters: 'text-base', f: 'text-xl' },
  lg: { box: 'size-12 rounded-xl', glyph: 'size-5', letters: 'text-lg', f: 'text-2xl' },
} as const;

/** A small brand-coloured mark for each social platform. */
export function PlatformIcon({
  platform,
  size = 'md',
  className,
}: {
  platform: PlatformId;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const { box: boxSize, glyph, letters, f } = SIZES[size];
  const box = clsx('inline-flex shrink-0 items-center justify-center', boxSize, className);
  switch (platform) {
    case 'twitter':
      return (
        <span className={clsx(box, 'bg-slate-900 text-white')} aria-hidden="true">
          <svg viewBox="0 0 24 24" className={glyph} fill="currentColor">
            <path d="M18.9 1.15h3.68l-8.04 9.19L24 22.85h-7.4l-5.8-7.58-6.64 7.58H.47l8.6-9.83L0 1.15h7.6l5.24 6.93zm-1.3 19.5h2.04L6.49 3.24H4.3z" />
          </svg>
        </span>
      );
    case 'linkedin':
      return (
        <span className={clsx(box, 'bg-[#0a66c2] text-white')} aria-hidden="true">
          <span className={clsx(letters, 'leading-none font-bold tracking-tight')}>in</span>
        </span>
      );
    case 'facebook':
      return (
        <span className={clsx(box, 'bg-[#1877f2] text-white')} aria-hidden="true">
          <span className={clsx(f, 'leading-none font-bold')}>f</span>
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
            className={clsx(glyph, 'scale-110')}
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
