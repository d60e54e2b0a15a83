import { useAppConfig } from '#web/lib/api/app-config';
import { GoogleButton } from './google-button';

/**
 * "or Continue with Google" under a sign-in or registration form, when this deployment offers
 * Google sign-in. `onLeave` runs just before the browser leaves for Google.
 */
export function GoogleSignInOption({ onLeave }: { onLeave?: () => void }) {
  const { googleSignIn } = useAppConfig();
  if (!googleSignIn) return null;
  return (
    <>
      <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-slate-500 uppercase">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <GoogleButton {...(onLeave ? { onClick: onLeave } : {})} />
    </>
  );
}
