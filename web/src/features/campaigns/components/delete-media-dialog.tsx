import { ConfirmDeleteDialog } from '#web/components/confirm-delete-dialog';
import { CAMPAIGN_SCREEN_TEXTS } from '../messages';

interface DeleteMediaDialogProps {
  fileName: string;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}

/** 'Delete media?', naming the file. */
export function DeleteMediaDialog({ fileName, ...actions }: DeleteMediaDialogProps) {
  return (
    <ConfirmDeleteDialog
      {...actions}
      title={CAMPAIGN_SCREEN_TEXTS.deleteMediaTitle}
      description={
        <>
          The file <strong className="font-semibold break-all text-slate-900">{fileName}</strong>{' '}
          {CAMPAIGN_SCREEN_TEXTS.deleteMediaConfirm}
        </>
      }
    />
  );
}
