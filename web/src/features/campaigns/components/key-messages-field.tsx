import type { UseFormReturn } from 'react-hook-form';
import { KEY_MESSAGE_MAX, MAX_KEY_MESSAGES } from '#shared/domain/campaigns';
import { TextListField } from '#web/components/text-list-field';
import type { CampaignFormInput, CampaignFormValues } from '../schemas';

/** Key Messages: the points every post comes back to, one per row. */
export function KeyMessagesField({
  form,
}: {
  form: UseFormReturn<CampaignFormInput, unknown, CampaignFormValues>;
}) {
  return (
    <TextListField
      form={form}
      name="keyMessages"
      legend="Key Messages"
      hint="The points every post comes back to. Empty rows are left out when you save."
      itemLabel="Key message"
      addLabel="Add key message"
      max={MAX_KEY_MESSAGES}
      maxText={`At most ${MAX_KEY_MESSAGES} key messages.`}
      numbered
      inputProps={(index) => ({
        maxLength: KEY_MESSAGE_MAX,
        placeholder: index === 0 ? 'Roasted in small batches every morning' : undefined,
      })}
    />
  );
}
