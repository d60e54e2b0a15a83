import { useReturnParams } from '#web/lib/use-return-params';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { PLATFORM_IDS, platformNameOf, type PlatformId } from '#shared/domain/tiers';
import { track } from '#web/lib/analytics';
import { PLATFORM_MESSAGES } from './messages';

/** The query the API's OAuth callbacks return to the Platforms screen with. */
const RETURN_PARAMS = ['success', 'error', 'platform'] as const;

const isPlatformId = (text: string | null): text is PlatformId =>
  (PLATFORM_IDS as readonly (string | null)[]).includes(text);

/**
 * Back from a provider's consent page: `?success=…&platform=twitter` or
 * `?error=…&platform=twitter`. Says how it went once, then removes the parameters (replacing the
 * history entry, so Back and a reload do not say it again).
 */
export const useConnectReturnToast = () => {
  const [params, clearQuery] = useReturnParams(RETURN_PARAMS);
  const success = params.get('success');
  const error = params.get('error');
  const platform = params.get('platform');

  useEffect(() => {
    if (success === null && error === null) return;
    const name = (platform && platformNameOf(platform)) || 'the platform';
    // One toast id: a second run of the effect (StrictMode) replaces it rather than repeating it.
    if (error !== null) {
      toast.error(PLATFORM_MESSAGES.connectFailed(name, error), { id: 'platform-connect-return' });
    } else if (success !== 'false') {
      toast.success(PLATFORM_MESSAGES.connected(name), { id: 'platform-connect-return' });
      // The API's callback stored the account before sending the browser back here.
      if (isPlatformId(platform)) track('social_connect', { platform });
    }
    clearQuery();
  }, [success, error, platform, clearQuery]);
};
