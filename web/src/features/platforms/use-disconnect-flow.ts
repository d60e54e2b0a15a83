import { useState } from 'react';
import toast from 'react-hot-toast';
import type { PlatformCredential } from '#shared/contract/platforms';
import { PLATFORMS } from '#shared/domain/tiers';
import { failureText, isSessionEnded } from '#web/lib/error-text';
import { useDeleteCredential } from './api/delete-credential';
import { PLATFORM_MESSAGES } from './messages';

/** Disconnect, behind its confirmation: which account is asked about, and which is going. */
export const useDisconnectFlow = (companyId: string | undefined) => {
  const deleteCredential = useDeleteCredential();
  const [asking, setAsking] = useState<PlatformCredential | null>(null);
  const [disconnectingId, setDisconnectingId] = useState<string | null>(null);

  const confirm = async () => {
    if (!companyId || !asking) return;
    const credential = asking;
    setDisconnectingId(credential._id);
    try {
      await deleteCredential(companyId, credential._id);
      toast.success(PLATFORM_MESSAGES.disconnected(PLATFORMS[credential.platform].name));
    } catch (error) {
      if (!isSessionEnded(error)) {
        toast.error(failureText(PLATFORM_MESSAGES.disconnectAction, error));
      }
    } finally {
      setDisconnectingId(null);
      setAsking(null);
    }
  };

  return {
    asking,
    disconnectingId,
    ask: (credential: PlatformCredential) => setAsking(credential),
    cancel: () => setAsking(null),
    confirm,
  };
};
