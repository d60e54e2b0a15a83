import clsx from 'clsx';
import type { ReactNode } from 'react';
import { IconCheckCircle, IconInfo, IconWarning, IconXCircle } from './icons';

export type AlertTone = 'info' | 'success' | 'warning' | 'danger';

const tones: Record<AlertTone, { box: string; icon: string; Icon: typeof IconInfo }> = {
  info: {
    box: 'border-brand-200 bg-brand-50 text-brand-900',
    icon: 'text-brand-600',
    Icon: IconInfo,
  },
  success: {
    box: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    icon: 'text-emerald-600',
    Icon: IconCheckCircle,
  },
  warning: {
    box: 'border-amber-200 bg-amber-50 text-amber-900',
    icon: 'text-amber-600',
    Icon: IconWarning,
  },
  danger: { box: 'border-red-200 bg-red-50 text-red-900', icon: 'text-red-600', Icon: IconXCircle },
};

interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Buttons or links at the right (stacked below on narrow screens). */
  action?: ReactNode;
  className?: string;
}

/** A banner. Danger banners are announced at once (role alert), the others politely. */
export function Alert({ tone = 'info', title, children, action, className }: AlertProps) {
  const { box, icon, Icon } = tones[tone];
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={clsx(
        'flex flex-col gap-3 rounded-xl border p-4 text-sm sm:flex-row sm:items-center',
        box,
        className,
      )}
    >
      <div className="flex flex-1 gap-3">
        <Icon className={clsx('mt-0.5 size-5 shrink-0', icon)} />
        <div className="min-w-0 flex-1">
          {title ? <p className="font-semibold">{title}</p> : null}
          {children ? <div className={clsx(title && 'mt-0.5', 'leading-6')}>{children}</div> : null}
        </div>
      </div>
      {action ? <div className="shrink-0 pl-8 sm:pl-0">{action}</div> : null}
    </div>
  );
}
