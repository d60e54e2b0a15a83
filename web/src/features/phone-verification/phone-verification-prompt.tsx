import { useState } from 'react';
import { useSession } from '../auth/session-provider';
import { rememberPromptDismissed, wasPromptDismissed } from './dismissal';
import { PhoneVerificationModal } from './phone-verification-modal';
import { useVerificationStatus } from './use-verification-status';

/**
 * The dashboard's verification modal: it opens when GET /auth/verification-status says the phone
 * is not verified, and after a dismissal stays closed for the rest of the session.
 */
export function PhoneVerificationPrompt() {
  const { user } = useSession();
  const { isVerified, isKnown } = useVerificationStatus();
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const dismissed = !!user && (dismissedFor === user._id || wasPromptDismissed(user._id));
  const open = !!user && isKnown && !isVerified && !dismissed;
  return (
    <PhoneVerificationModal
      open={open}
      onClose={() => {
        rememberPromptDismissed(user?._id);
        setDismissedFor(user?._id ?? null);
      }}
    />
  );
}
