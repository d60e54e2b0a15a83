import { ConfirmDeleteDialog } from '#web/components/confirm-delete-dialog';

interface DeleteCompanyDialogProps {
  open: boolean;
  companyName: string;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}

/** 'Delete company?': names the company and says its data goes too. */
export function DeleteCompanyDialog({ companyName, ...props }: DeleteCompanyDialogProps) {
  return (
    <ConfirmDeleteDialog
      {...props}
      title="Delete company?"
      description={
        <>
          <strong className="font-semibold text-slate-900">{companyName}</strong> and all of its
          data (profile, brand, platform connections, campaigns and drafts) will be permanently
          removed. This cannot be undone.
        </>
      }
    />
  );
}
