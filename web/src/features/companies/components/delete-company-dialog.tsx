import { useRef, useState } from 'react';
import { Button } from '#web/components/button';
import { Modal } from '#web/components/modal';

interface DeleteCompanyDialogProps {
  open: boolean;
  companyName: string;
  onCancel: () => void;
  /** Deletes; the dialog stays open (busy) until it settles. */
  onConfirm: () => Promise<void>;
}

/** 'Delete company?': names the company, says its data goes too; Cancel is focused first. */
export function DeleteCompanyDialog({
  open,
  companyName,
  onCancel,
  onConfirm,
}: DeleteCompanyDialogProps) {
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
      title="Delete company?"
      description={
        <>
          <strong className="font-semibold text-slate-900">{companyName}</strong> and all of its
          data (profile, brand, platform connections, campaigns and drafts) will be permanently
          removed. This cannot be undone.
        </>
      }
      footer={
        <>
          <Button ref={cancelButton} variant="secondary" onClick={onCancel} disabled={deleting}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void confirm()} loading={deleting}>
            {deleting ? 'Deleting…' : 'Delete'}
          </Button>
        </>
      }
    />
  );
}
