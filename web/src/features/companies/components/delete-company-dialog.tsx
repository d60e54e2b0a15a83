import type { Company } from '#shared/contract/companies';
import { hasOpenSubscription } from '#shared/domain/subscription';
import { TIERS } from '#shared/domain/tiers';
import { ConfirmDeleteDialog } from '#web/components/confirm-delete-dialog';

interface DeleteCompanyDialogProps {
  open: boolean;
  company: Pick<Company, 'name' | 'subscriptionTier' | 'stripeSubscriptionId' | 'subscription'>;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}

/**
 * 'Delete company?': names the company and says its data goes too; with a paid plan, that its
 * subscription ends at once (the server cancels it without proration when the company goes).
 */
export function DeleteCompanyDialog({ company, ...props }: DeleteCompanyDialogProps) {
  return (
    <ConfirmDeleteDialog
      {...props}
      title="Delete company?"
      description={
        <>
          <strong className="font-semibold text-slate-900">{company.name}</strong> and all of its
          data (profile, brand, platform connections, campaigns and drafts) will be permanently
          removed. This cannot be undone.
          {hasOpenSubscription(company)
            ? ` Its ${TIERS[company.subscriptionTier].name} subscription ends today: it is cancelled at once and never charged again, and the rest of the billing period is not refunded.`
            : null}
        </>
      }
    />
  );
}
