import { useRef, useState } from 'react';
import { Button } from '#web/components/button';
import { Modal } from '#web/components/modal';
import { CAMPAIGN_SCREEN_TEXTS } from '../messages';

interface DeleteMediaDialogProps {
  fileName: string;
  onCancel: () => void;
  /** Deletes; the dialog stays open (busy) until it settles. */
  onConfirm: () => Promise<void>;
}

/** 'Delete media?', naming the file; Cancel is focused first. */
export function DeleteMediaDialog({ fileName, onCancel, onConfirm }: DeleteMediaDialogProps) {
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
      open
      onClose={onCancel}
      role="alertdialog"
      size="sm"
      busy={deleting}
      initialFocus={cancelButton}
      title={CAMPAIGN_SCREEN_TEXTS.deleteMediaTitle}
      description={
        <>
          The file <strong className="font-semibold break-all text-slate-900">{fileName}</strong>{' '}
          {CAMPAIGN_SCREEN_TEXTS.deleteMediaConfirm}
        </>
      }
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
