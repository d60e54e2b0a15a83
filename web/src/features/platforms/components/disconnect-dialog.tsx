import { useRef } from 'react';
import type { PlatformCredential } from '#shared/contract/platforms';
import { PLATFORMS } from '#shared/domain/tiers';
import { Button } from '#web/components/button';
import { Modal } from '#web/components/modal';

interface DisconnectDialogProps {
  /** The account to disconnect; the dialog is open while there is one. */
  credential: PlatformCredential | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** 'Disconnect {platform}?': Cancel is focused first (the safe choice). */
export function DisconnectDialog({ credential, busy, onCancel, onConfirm }: DisconnectDialogProps) {
  const cancelButton = useRef<HTMLButtonElement>(null);
  const name = credential ? PLATFORMS[credential.platform].name : '';
  return (
    <Modal
      open={credential !== null}
      onClose={onCancel}
      busy={busy}
      role="alertdialog"
      size="sm"
      initialFocus={cancelButton}
      title={`Disconnect ${name}?`}
      description={`Sailpost will no longer post to ${credential?.handle ?? 'this account'} on ${name}. You can connect it again at any time.`}
      footer={
        <>
          <Button ref={cancelButton} variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy}>
            {busy ? 'Disconnecting...' : 'Disconnect'}
          </Button>
        </>
      }
    />
  );
}
