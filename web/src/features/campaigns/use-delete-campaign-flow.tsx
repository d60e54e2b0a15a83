import { useState } from 'react';
import toast from 'react-hot-toast';
import { CAMPAIGN_TOASTS } from '#shared/domain/campaigns';
import { isSessionEnded } from '#web/lib/error-text';
import { useDeleteCampaign } from './api/delete-campaign';
import { DeleteCampaignDialog } from './components/delete-campaign-dialog';
import { withServerMessage } from './failure-text';

/**
 * Delete with a confirmation first: `ask(campaignId)` opens 'Delete Campaign'; Delete removes it,
 * says 'Campaign deleted successfully' and calls `onDeleted`; a failure says why and keeps the
 * dialog open.
 */
export const useDeleteCampaignFlow = (companyId: string, onDeleted?: () => void) => {
  const [target, setTarget] = useState<string | null>(null);
  const deleteCampaign = useDeleteCampaign();

  const confirm = async () => {
    if (!target) return;
    try {
      await deleteCampaign(target, companyId);
      setTarget(null);
      toast.success(CAMPAIGN_TOASTS.deleted);
      onDeleted?.();
    } catch (error) {
      if (!isSessionEnded(error)) {
        toast.error(withServerMessage(CAMPAIGN_TOASTS.deleteFailed, error));
      }
    }
  };

  return {
    ask: (campaignId: string) => setTarget(campaignId),
    dialog: (
      <DeleteCampaignDialog
        open={target !== null}
        onCancel={() => setTarget(null)}
        onConfirm={confirm}
      />
    ),
  };
};
