import type { ReactNode } from 'react';
import { Alert } from '#web/components/alert';
import { Button } from '#web/components/button';
import { ApiError } from '#web/lib/api-client';
import { isRefusedForGood } from '#web/lib/error-text';
import { isInvalidResponse } from '../api/answer-format';
import { FORUM_TEXTS } from '../forum-texts';

/**
 * A read that failed: the screen's own words ('Failed to load category'), then why — the
 * server's message, or 'Invalid response format from server' when the answer did not parse —
 * and 'Try again' unless asking again can only be refused again (a thread that does not exist).
 */
export function LoadFailure({
  title,
  error,
  onRetry,
  children,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  const detail = isInvalidResponse(error)
    ? FORUM_TEXTS.invalidResponse
    : error instanceof ApiError
      ? error.serverMessage
      : '';
  const retry = onRetry && !isRefusedForGood(error);
  return (
    <Alert
      tone="danger"
      title={title}
      action={
        retry ? (
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Try again
          </Button>
        ) : null
      }
    >
      {detail || children ? (
        <>
          {detail ? <p>{detail}</p> : null}
          {children}
        </>
      ) : null}
    </Alert>
  );
}
