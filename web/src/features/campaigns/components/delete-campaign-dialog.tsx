import { useRef, useState } from 'react';
import { CAMPAIGN_TEXTS } from '#shared/domain/campaigns';
import { Button } from '#web/components/button';
import { Modal } from '#web/components/modal';

interface DeleteCampaignDialogProps {
  open: boolean;
  onCancel: () => void;
  /** Deletes; the dialog stays open (busy) until it settles. */
  onConfirm: () => Promise<void>;
}

/**
 * 'Delete Campaign': 'Are you sure you want to delete this campaign? This action cannot be
 * undone.' with Cancel (focused first, the safe choice) and Delete.
 */
export function DeleteCampaignDialog({ open, onCancel, onConfirm }: DeleteCampaignDialogProps) {
  const cancelButton = useRef<HTMLButtonElement>(null);
  const [deleting, setDeleting] = useState(false);

  const confirm = async () => {
    setDeleting(true);
    try {
      await onConfirm();
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onCancel}
      role="alertdialog"
      size="sm"
      busy={deleting}
      initialFocus={cancelButton}
      title={CAMPAIGN_TEXTS.deleteTitle}
      description={CAMPAIGN_TEXTS.deleteConfirm}
      footer={
        <>
          <Button ref={cancelButton} variant="secondary" onClick={onCancel} disabled={deleting}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void confirm()} loading={deleting}>
            {deleting ? 'Deleting...' : 'Delete'}
          </Button>
        </>
      }
    />
  );
}
