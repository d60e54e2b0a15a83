import type { ReactNode } from 'react';
import { Alert, type AlertTone } from './alert';
import { Button } from './button';

interface RetryAlertProps {
  /** Danger when the screen has nothing to show without it; warning when it still works. */
  tone?: Extract<AlertTone, 'danger' | 'warning'>;
  /** Loads again; without it the banner only says what failed. */
  onRetry?: () => void;
  children: ReactNode;
}

/** What could not be loaded, with 'Try again' beside it. */
export function RetryAlert({ tone = 'danger', onRetry, children }: RetryAlertProps) {
  return (
    <Alert
      tone={tone}
      action={
        onRetry ? (
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Try again
          </Button>
        ) : null
      }
    >
      {children}
    </Alert>
  );
}
