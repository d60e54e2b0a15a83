import type { ReactNode } from 'react';
import { useAppConfig } from '#web/lib/api/app-config';
import { openCookieSettings } from '#web/lib/consent';

/** "Cookie settings": opens the consent choices again. Only where the stage measures anything. */
export function CookieSettingsButton({
  className,
  children = 'Cookie settings',
}: {
  className?: string;
  children?: ReactNode;
}) {
  if (!useAppConfig().analytics) return null;
  return (
    <button type="button" onClick={openCookieSettings} className={className}>
      {children}
    </button>
  );
}
