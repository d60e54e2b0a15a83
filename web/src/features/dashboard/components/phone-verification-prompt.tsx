import { lazy, Suspense, useState } from 'react';
import { useVerificationStatus } from '#web/lib/api/verification-status';
import { useSession } from '#web/lib/session';
import { rememberPromptDismissed, wasPromptDismissed } from './prompt-dismissal';

/** Loaded only for a phone that needs verifying: its form's checks (zod) stay off the dashboard. */
const PhoneVerificationModal = lazy(async () => ({
  default: (await import('#web/components/phone-verification-modal')).PhoneVerificationModal,
}));

export interface PhonePrompt {
  /** Whether the prompt is (or is about to be) open; undefined until the server has said. */
  open: boolean | undefined;
  close: () => void;
}

/**
 * Whether the dashboard's verification modal is open: when the server says the phone is not
 * verified, until dismissed (then closed for the rest of the browser session). The dashboard
 * reads it too: its tour waits until the prompt is out of the way.
 */
export const usePhonePrompt = (): PhonePrompt => {
  const { user } = useSession();
  const { isVerified, isKnown } = useVerificationStatus();
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const dismissed = !!user && (dismissedFor === user._id || wasPromptDismissed(user._id));
  return {
    open: !user || !isKnown ? undefined : !isVerified && !dismissed,
    close: () => {
      if (!user) return;
      rememberPromptDismissed(user._id);
      setDismissedFor(user._id);
    },
  };
};

/** The dashboard's verification modal, open as `usePhonePrompt` says. */
export function PhoneVerificationPrompt({ prompt }: { prompt: PhonePrompt }) {
  if (!prompt.open) return null;
  return (
    <Suspense fallback={null}>
      <PhoneVerificationModal open onClose={prompt.close} />
    </Suspense>
  );
}
