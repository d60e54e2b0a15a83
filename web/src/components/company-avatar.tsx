import clsx from 'clsx';
import { DEFAULT_BRAND_COLOR } from '#shared/domain/limits';
import { textColorOn } from '#web/lib/format';

/** Each size sets the box, corner and letter together (a class added on top would not win). */
const sizes = {
  xs: 'size-6 rounded-md text-[11px]',
  sm: 'size-7 rounded-md text-xs',
  md: 'size-10 rounded-xl text-base',
  lg: 'size-12 rounded-2xl text-lg sm:size-14 sm:text-xl',
} as const;

/** The company's initial on its first brand colour. Decorative: the name is always beside it. */
export function CompanyAvatar({
  name,
  color,
  size = 'md',
}: {
  name: string;
  color: string | undefined;
  size?: keyof typeof sizes;
}) {
  const background = color ?? DEFAULT_BRAND_COLOR;
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'flex shrink-0 items-center justify-center font-semibold ring-1 ring-black/5 ring-inset',
        sizes[size],
      )}
      style={{ backgroundColor: background, color: textColorOn(background) }}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

/** The brand colours as small round swatches; one image to assistive technology. */
export function ColorSwatches({
  colors,
  className,
}: {
  colors: readonly string[];
  className?: string;
}) {
  if (colors.length === 0) return null;
  return (
    <div
      role="img"
      aria-label={`Brand colours: ${colors.join(', ')}`}
      className={clsx('flex flex-wrap items-center gap-1.5', className)}
    >
      {colors.map((color) => (
        <span
          key={color}
          title={color}
          className="block size-5 rounded-full ring-1 ring-black/10 ring-inset"
          style={{ backgroundColor: color }}
        />
      ))}
    </div>
  );
}
