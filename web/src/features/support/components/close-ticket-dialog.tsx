import { useRef, useState } from 'react';
import { Button } from '#web/components/button';
import { Modal } from '#web/components/modal';
import { SUPPORT_TEXTS } from '../support-texts';

/** "Close this ticket?": Cancel is focused first (the safe choice); Close Ticket settles busy. */
export function CloseTicketDialog({
  onCancel,
  onConfirm,
}: {
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}) {
  const cancelButton = useRef<HTMLButtonElement>(null);
  const [closing, setClosing] = useState(false);
  const confirm = async () => {
    setClosing(true);
    try {
      await onConfirm();
    } finally {
      setClosing(false);
    }
  };
  return (
    <Modal
      open
      onClose={onCancel}
      role="alertdialog"
      size="sm"
      busy={closing}
      initialFocus={cancelButton}
      title={SUPPORT_TEXTS.closeTitle}
      description={SUPPORT_TEXTS.closeDescription}
      footer={
        <>
          <Button ref={cancelButton} variant="secondary" onClick={onCancel} disabled={closing}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void confirm()} loading={closing}>
            {SUPPORT_TEXTS.closeTicket}
          </Button>
        </>
      }
    />
  );
}
