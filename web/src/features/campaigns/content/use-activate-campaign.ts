import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Campaign } from '#shared/contract/campaigns';
import { CAMPAIGN_TOASTS } from '#shared/domain/campaigns';
import { isSessionEnded } from '#web/lib/error-text';
import { useSetCampaignStatus } from '../api/set-campaign-status';
import { withServerMessage } from '../failure-text';

/**
 * 'Activate campaign' where content is generated: the campaign's status becomes active (PATCH
 * /campaigns/{id}/status), its cached copy with it, so the page and the dialog show it at once.
 * 'Campaign status updated successfully', or 'Failed to update campaign status: {message}'.
 */
export const useActivateCampaign = (campaign: Campaign) => {
  const setStatus = useSetCampaignStatus();
  const [activating, setActivating] = useState(false);
  const activate = async (): Promise<boolean> => {
    setActivating(true);
    try {
      await setStatus(campaign._id, 'active');
      toast.success(CAMPAIGN_TOASTS.statusUpdated);
      return true;
    } catch (error) {
      if (!isSessionEnded(error)) {
        toast.error(withServerMessage(CAMPAIGN_TOASTS.statusFailed, error));
      }
      return false;
    } finally {
      setActivating(false);
    }
  };
  return { activate, activating };
};
