import type { SessionSummary } from '#shared/contract/auth';
import { Badge } from '#web/components/badge';
import { useQuery } from '#web/lib/query';
import { useSession } from '#web/lib/session';
import { fetchSessions } from '../api/google';

const METHOD_TEXT: Record<NonNullable<SessionSummary['method']>, string> = {
  password: 'Signed in with password',
  google: 'Signed in with Google',
};

/** "Nov 27, 2026, 12:20 PM", in the browser's time zone. */
const signedInAtText = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
};

/**
 * The account's sign-ins that still stand: how (password or Google) and when each began, this
 * device's marked. Nothing is shown until they are read, or when they cannot be.
 */
export function SessionList() {
  const { user } = useSession();
  const { data } = useQuery(user ? ['auth/sessions', user._id] : null, fetchSessions, {
    shouldRetryOnError: false,
  });
  if (!data?.sessions.length) return null;
  return (
    <ul
      className="divide-y divide-slate-100 rounded-xl border border-slate-200"
      aria-label="Signed-in sessions"
    >
      {data.sessions.map((session) => (
        <li
          key={session.id}
          className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-3"
        >
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-900">
              {session.method ? METHOD_TEXT[session.method] : 'Signed in'}
            </p>
            <p className="text-xs text-slate-600">
              <time dateTime={session.signedInAt}>{signedInAtText(session.signedInAt)}</time>
            </p>
          </div>
          {session.current ? <Badge tone="success">This device</Badge> : null}
        </li>
      ))}
    </ul>
  );
}
