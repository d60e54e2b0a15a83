import { useEffect, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import type { User } from '#shared/contract/users';
import { Button } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { FormModal } from '#web/components/form-modal';
import { Modal } from '#web/components/modal';
import { PasswordField } from '#web/components/text-field';
import { useAppConfig } from '#web/lib/api/app-config';
import { failureText, hasCode, messageOf } from '#web/lib/error-text';
import { leaveAppFor } from '#web/lib/navigation';
import { useSession } from '#web/lib/session';
import { startGoogleLink, unlinkGoogle } from '../api/google';

export const GOOGLE_TEXTS = {
  linked: 'Google linked: you can now sign in with Google.',
  unlinked: 'Google unlinked',
  wrongPassword: 'That password is not right.',
  passwordRequired: 'Enter your password',
  linkFailed: 'Google could not be linked. Please try again.',
  googleOnly:
    'Google is how you sign in: set a password first ("Forgot password" on the sign-in page) to unlink it.',
} as const;

/**
 * Google on the profile: which Google account signs in to this one (its address masked, as the API
 * gives it), Link Google (the password asked again, then Google's own page) or Unlink. Coming back
 * from Google, the page's `?google=` says how the link went; it is shown once and taken off the
 * address.
 */
export function GoogleConnection({ user }: { user: User }) {
  const { googleSignIn } = useAppConfig();
  const linkedResult = useLinkResult(user._id);
  const [linking, setLinking] = useState(false);
  const [unlinking, setUnlinking] = useState(false);
  // Shown where Google sign-in is offered, or where an account is linked (so it can be unlinked).
  if (!googleSignIn && !user.googleEmail && !linkedResult) return null;

  return (
    <section className={`${cardClasses} mt-10 space-y-3 p-5 sm:p-6`} aria-labelledby="google-title">
      <h2 id="google-title" className="text-base font-semibold text-slate-900">
        Sign in with Google
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700">
          {user.googleEmail ? (
            <>
              Google: connected as{' '}
              <span className="font-medium text-slate-900">{user.googleEmail}</span>
            </>
          ) : (
            'Google: not connected'
          )}
        </p>
        {user.googleEmail ? (
          <Button
            variant="secondary"
            onClick={() => setUnlinking(true)}
            disabled={user.googleOnly}
            aria-describedby={user.googleOnly ? 'google-only-hint' : undefined}
          >
            Unlink
          </Button>
        ) : googleSignIn ? (
          <Button variant="secondary" onClick={() => setLinking(true)}>
            Link Google
          </Button>
        ) : null}
      </div>
      {user.googleEmail && user.googleOnly ? (
        <p id="google-only-hint" className="text-sm text-slate-600">
          {GOOGLE_TEXTS.googleOnly}
        </p>
      ) : null}
      {linking ? <LinkGoogleDialog onClose={() => setLinking(false)} /> : null}
      <UnlinkGoogleDialog
        open={unlinking}
        googleEmail={user.googleEmail ?? ''}
        onClose={() => setUnlinking(false)}
      />
    </section>
  );
}

/** Says once how a link begun here ended at Google, then takes it off the address. */
const useLinkResult = (userId: string): string | null => {
  const [params, setParams] = useSearchParams();
  const result = params.get('google');
  const message = params.get('message');
  const { mutate } = useSWRConfig();
  const shown = useRef(false);
  useEffect(() => {
    if (!result || shown.current) return;
    shown.current = true;
    if (result === 'linked') {
      toast.success(GOOGLE_TEXTS.linked);
      void mutate(['auth/me', userId]);
    } else {
      toast.error(message || GOOGLE_TEXTS.linkFailed);
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('google');
        next.delete('message');
        return next;
      },
      { replace: true },
    );
  }, [result, message, mutate, setParams, userId]);
  return result;
};

function LinkGoogleDialog({ onClose }: { onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setError(GOOGLE_TEXTS.passwordRequired);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const url = await startGoogleLink(password);
      // Leaving for Google: the dialog stays busy until the page goes.
      if (!leaveAppFor(url)) throw new Error(GOOGLE_TEXTS.linkFailed);
    } catch (failure) {
      setBusy(false);
      setError(
        hasCode(failure, 'WRONG_PASSWORD')
          ? GOOGLE_TEXTS.wrongPassword
          : messageOf(failure, GOOGLE_TEXTS.linkFailed),
      );
    }
  };

  return (
    <FormModal
      onClose={onClose}
      busy={busy}
      size="sm"
      title="Link Google"
      description="Enter your password, then choose the Google account at Google. It will sign in to this account."
      submitLabel={busy ? 'Going to Google…' : 'Continue to Google'}
      onSubmit={(event) => void submit(event)}
      formClassName="space-y-4"
      noValidate
    >
      <PasswordField
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={error ?? undefined}
        disabled={busy}
        autoFocus
      />
    </FormModal>
  );
}

function UnlinkGoogleDialog({
  open,
  googleEmail,
  onClose,
}: {
  open: boolean;
  googleEmail: string;
  onClose: () => void;
}) {
  const { updateUser } = useSession();
  const { mutate } = useSWRConfig();
  const cancelButton = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      const updated = await unlinkGoogle();
      updateUser(updated);
      void mutate(['auth/me', updated._id], updated, { revalidate: false });
      toast.success(GOOGLE_TEXTS.unlinked);
      onClose();
    } catch (error) {
      toast.error(failureText('unlink Google', error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      role="alertdialog"
      size="sm"
      busy={busy}
      initialFocus={cancelButton}
      title="Unlink Google?"
      description={`${googleEmail} will no longer sign in to this account. Your password still does.`}
      footer={
        <>
          <Button ref={cancelButton} variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void confirm()} loading={busy}>
            {busy ? 'Unlinking…' : 'Unlink'}
          </Button>
        </>
      }
    />
  );
}
