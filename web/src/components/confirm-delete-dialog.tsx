import { useRef, useState, type ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

interface ConfirmDeleteDialogProps {
  open?: boolean;
  title: string;
  /** What goes, and that it cannot be undone. */
  description: ReactNode;
  onCancel: () => void;
  /** Deletes; the dialog stays open (busy) until it settles. */
  onConfirm: () => Promise<void>;
}

/**
 * Every "are you sure?" before something is deleted: an alert dialog whose Cancel is focused
 * first (the safe choice), and whose Delete shows it is busy until the deletion settles.
 */
export function ConfirmDeleteDialog({
  open = true,
  title,
  description,
  onCancel,
  onConfirm,
}: ConfirmDeleteDialogProps) {
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
      title={title}
      description={description}
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
