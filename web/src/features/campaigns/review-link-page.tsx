import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { REVIEW_LINK_CODE_PATTERN } from '#shared/contract/route';
import { SMS_DIGEST_DAYS } from '#shared/domain/limits';
import { buttonClasses } from '#web/components/button';
import { PageHeader } from '#web/components/page-header';
import { RetryAlert } from '#web/components/retry-alert';
import { Spinner } from '#web/components/spinner';
import { ApiError } from '#web/lib/api-client';
import { HOME_PATH } from '#web/lib/navigation';
import { reviewTargetPath, useReviewTarget } from './api/resolve-review-link';

export const REVIEW_LINK_TEXTS = {
  opening: 'Opening your post…',
  expiredTitle: 'This link has expired',
  expired: `The link in a text works for ${SMS_DIGEST_DAYS} days, and only for the account it was sent to. Your drafts are waiting in your campaigns.`,
  failed: 'The link could not be opened. Check your connection and try again.',
} as const;

/**
 * `/r/{code}`, the short link of a text (a signed-in route: a signed-out visitor signs in first and
 * comes back here). It asks where the code leads and goes there, replacing itself in the history;
 * a code that is not this account's, or has expired, says so.
 */
export function ReviewLinkPage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  // A code of another shape cannot exist: no need to ask.
  const wellFormed = REVIEW_LINK_CODE_PATTERN.test(code);
  const { data, error, mutate } = useReviewTarget(wellFormed ? code : null);

  useEffect(() => {
    if (data) void navigate(reviewTargetPath(data), { replace: true });
  }, [data, navigate]);

  const missing =
    !wellFormed || (error instanceof ApiError && error.code === 'REVIEW_LINK_NOT_FOUND');
  if (missing) {
    return (
      <div>
        <title>Link expired · Sailpost</title>
        <PageHeader
          title={REVIEW_LINK_TEXTS.expiredTitle}
          description={REVIEW_LINK_TEXTS.expired}
        />
        <Link to={HOME_PATH} className={buttonClasses({})}>
          Go to Dashboard
        </Link>
      </div>
    );
  }
  if (error) {
    return <RetryAlert onRetry={() => void mutate()}>{REVIEW_LINK_TEXTS.failed}</RetryAlert>;
  }
  return (
    <div className="flex items-center gap-3 text-slate-600">
      <title>Opening your post · Sailpost</title>
      <Spinner label={null} className="text-brand-600" />
      <p role="status">{REVIEW_LINK_TEXTS.opening}</p>
    </div>
  );
}
