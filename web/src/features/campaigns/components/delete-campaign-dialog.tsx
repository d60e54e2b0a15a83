import { CAMPAIGN_TEXTS } from '#shared/domain/campaigns';
import { ConfirmDeleteDialog } from '#web/components/confirm-delete-dialog';

interface DeleteCampaignDialogProps {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}

/** 'Delete Campaign': 'Are you sure you want to delete this campaign? This action cannot be undone.' */
export function DeleteCampaignDialog(props: DeleteCampaignDialogProps) {
  return (
    <ConfirmDeleteDialog
      {...props}
      title={CAMPAIGN_TEXTS.deleteTitle}
      description={CAMPAIGN_TEXTS.deleteConfirm}
    />
  );
}
