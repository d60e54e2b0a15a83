import clsx from 'clsx';
import type { ReactNode } from 'react';
import type { PlatformId, PlatformTable } from '#shared/domain/tiers';

/** Box and glyph together, so a smaller mark keeps its proportions. */
const SIZES = {
  xs: { box: 'size-4 rounded', glyph: 'size-2.5', f: 'text-[10px]' },
  sm: { box: 'size-6 rounded-md', glyph: 'size-3', f: 'text-sm' },
  md: { box: 'size-10 rounded-xl', glyph: 'size-4.5', f: 'text-xl' },
  lg: { box: 'size-12 rounded-xl', glyph: 'size-5', f: 'text-2xl' },
} as const;

type Size = (typeof SIZES)[keyof typeof SIZES];

interface PlatformMark {
  /** The box's brand colours. */
  box: string;
  glyph: (size: Size) => ReactNode;
}

const MARKS: PlatformTable<PlatformMark> = {
  twitter: {
    box: 'bg-slate-900 text-white',
    glyph: ({ glyph }) => (
      <svg viewBox="0 0 24 24" className={glyph} fill="currentColor">
        <path d="M18.9 1.15h3.68l-8.04 9.19L24 22.85h-7.4l-5.8-7.58-6.64 7.58H.47l8.6-9.83L0 1.15h7.6l5.24 6.93zm-1.3 19.5h2.04L6.49 3.24H4.3z" />
      </svg>
    ),
  },
  // Drawn, not typed: a visible "in" would be read as part of the name of a button around it.
  linkedin: {
    box: 'bg-[#0a66c2] text-white',
    glyph: ({ glyph }) => (
      <svg viewBox="0 0 24 24" className={glyph} fill="currentColor">
        <circle cx="5.3" cy="5.2" r="2.3" />
        <rect x="3.3" y="8.9" width="4" height="12" rx="0.4" />
        <path d="M9.8 8.9h3.8v1.8c.6-1.1 2-2.1 4-2.1 3.6 0 4.3 2.3 4.3 5.4v6.9h-4v-6.1c0-1.5 0-3.3-2-3.3s-2.3 1.6-2.3 3.2v6.2h-3.8z" />
      </svg>
    ),
  },
  facebook: {
    box: 'bg-[#1877f2] text-white',
    glyph: ({ f }) => <span className={clsx(f, 'leading-none font-bold')}>f</span>,
  },
  instagram: {
    box: 'bg-gradient-to-tr from-amber-400 via-pink-500 to-purple-600 text-white',
    glyph: ({ glyph }) => (
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
    ),
  },
};

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
  const mark = MARKS[platform];
  return (
    <span
      className={clsx(
        'inline-flex shrink-0 items-center justify-center',
        SIZES[size].box,
        className,
        mark.box,
      )}
      aria-hidden="true"
    >
      {mark.glyph(SIZES[size])}
    </span>
  );
}
