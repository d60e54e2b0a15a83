import { useState } from 'react';
import toast from 'react-hot-toast';
import { PLATFORMS, type ConnectablePlatform } from '#shared/domain/tiers';
import { failureText, isSessionEnded } from '#web/lib/error-text';
import { leaveAppFor } from '#web/lib/navigation';
import { fetchAuthUrl } from './api/get-auth-url';
import { PLATFORM_MESSAGES } from './messages';

/**
 * Connect Now and Reconnect: asks the API for the provider's consent page and sends the browser
 * there. The provider sends it back to the Platforms screen (see use-connect-return-toast.ts).
 */
export const useConnectPlatform = (companyId: string | undefined) => {
  const [connecting, setConnecting] = useState<ConnectablePlatform | null>(null);

  const connect = async (platform: ConnectablePlatform) => {
    if (!companyId || connecting) return;
    setConnecting(platform);
    try {
      const url = await fetchAuthUrl(platform, companyId);
      // The button keeps spinning while the browser leaves.
      if (url && leaveAppFor(url)) return;
      toast.error(PLATFORM_MESSAGES.noAuthUrl(PLATFORMS[platform].name));
    } catch (error) {
      if (!isSessionEnded(error)) {
        toast.error(failureText(PLATFORM_MESSAGES.authUrlAction, error));
      }
    }
    setConnecting(null);
  };

  return { connecting, connect };
};
