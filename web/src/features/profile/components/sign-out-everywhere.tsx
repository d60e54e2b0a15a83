import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { Button } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { Modal } from '#web/components/modal';
import { failureText, isSessionEnded } from '#web/lib/error-text';
import { useSession } from '#web/lib/session';
import { logOutEverywhere } from '../api/log-out-everywhere';
import { SessionList } from './session-list';

export const SIGNED_OUT_EVERYWHERE = 'Signed out on every device';

/**
 * The account's sessions (how and when each signed in), and "Sign out everywhere": ends every
 * session of the account (a lost phone, a shared computer), after a confirmation; then this
 * browser goes to /login too.
 */
export function SignOutEverywhere() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const cancelButton = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await logOutEverywhere();
      setOpen(false);
      navigate('/login', { replace: true });
      // The server ended this session too: only forget it here.
      signOut({ onServer: false });
      toast.success(SIGNED_OUT_EVERYWHERE);
    } catch (error) {
      if (!isSessionEnded(error)) toast.error(failureText('sign out everywhere', error));
      setBusy(false);
    }
  };

  return (
    <section
      className={`${cardClasses} mt-10 space-y-3 p-5 sm:p-6`}
      aria-labelledby="sessions-title"
    >
      <h2 id="sessions-title" className="text-base font-semibold text-slate-900">
        Sessions
      </h2>
      <SessionList />
      <p className="text-sm text-slate-600">
        Signed in on a device you no longer use? End every session of your account, including this
        one.
      </p>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Sign out everywhere
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        role="alertdialog"
        size="sm"
        busy={busy}
        initialFocus={cancelButton}
        title="Sign out everywhere?"
        description="You will be signed out on every device and browser, including this one."
        footer={
          <>
            <Button
              ref={cancelButton}
              variant="secondary"
              onClick={() => setOpen(false)}
              disabled={busy}
            >
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void confirm()} loading={busy}>
              {busy ? 'Signing out…' : 'Sign out everywhere'}
            </Button>
          </>
        }
      />
    </section>
  );
}
