import { lazy, Suspense, useState } from 'react';
import { useVerificationStatus } from '#web/lib/api/verification-status';
import { useSession } from '#web/lib/session';
import { rememberPromptDismissed, wasPromptDismissed } from './prompt-dismissal';

/** Loaded only for a phone that needs verifying: its form's checks (zod) stay off the dashboard. */
const PhoneVerificationModal = lazy(async () => ({
  default: (await import('#web/components/phone-verification-modal')).PhoneVerificationModal,
}));

/**
 * The dashboard's verification modal: it opens when the server says the phone is not verified,
 * and after a dismissal stays closed for the rest of the browser session.
 */
export function PhoneVerificationPrompt() {
  const { user } = useSession();
  const { isVerified, isKnown } = useVerificationStatus();
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const dismissed = !!user && (dismissedFor === user._id || wasPromptDismissed(user._id));
  if (!user || !isKnown || isVerified || dismissed) return null;
  return (
    <Suspense fallback={null}>
      <PhoneVerificationModal
        open
        onClose={() => {
          rememberPromptDismissed(user._id);
          setDismissedFor(user._id);
        }}
      />
    </Suspense>
  );
}
