import type { UseFormReturn } from 'react-hook-form';
import { WEBSITE_MAX } from '#shared/contract/companies';
import { AI_WEBSITE_URLS_MAX } from '#shared/domain/ai-campaigns';
import { TextListField } from '#web/components/text-list-field';
import { GENERATOR_TEXTS } from '../generator-texts';
import type { BriefInput, BriefValues } from '../schemas';

/** Websites for the AI to read (up to AI_WEBSITE_URLS_MAX), one per row; empty rows are left out. */
export function WebsiteUrlsField({
  form,
}: {
  form: UseFormReturn<BriefInput, unknown, BriefValues>;
}) {
  return (
    <TextListField
      form={form}
      name="websiteUrls"
      legend={GENERATOR_TEXTS.websitesLegend}
      hint={GENERATOR_TEXTS.websitesHint}
      itemLabel="Website"
      addLabel={GENERATOR_TEXTS.addWebsite}
      max={AI_WEBSITE_URLS_MAX}
      maxText={`At most ${AI_WEBSITE_URLS_MAX} websites.`}
      inputProps={() => ({
        type: 'url',
        inputMode: 'url',
        autoComplete: 'url',
        maxLength: WEBSITE_MAX,
        placeholder: 'https://example.com',
      })}
    />
  );
}
