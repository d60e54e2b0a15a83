import { zodResolver } from '@hookform/resolvers/zod';
import clsx from 'clsx';
import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import {
  CAMPAIGN_DESCRIPTION_MAX,
  CAMPAIGN_INTENTIONS,
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TEXTS,
  CONTENT_INSTRUCTIONS_MAX,
} from '#shared/domain/campaigns';
import type { PlatformId } from '#shared/domain/tiers';
import { Button, buttonClasses } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { SelectField } from '#web/components/select-field';
import { TextAreaField } from '#web/components/text-area-field';
import { TextField } from '#web/components/text-field';
import { UnsavedChangesDialog } from '#web/components/unsaved-changes-dialog';
import { hasCode, isSessionEnded, messageOf } from '#web/lib/error-text';
import { applyFieldErrors, useFocusRefusedField } from '#web/lib/form-errors';
import { useUnsavedChanges } from '#web/lib/use-unsaved-changes';
import { withServerMessage } from '../failure-text';
import { INTENTION_LABELS, STATUS_LABELS } from '../messages';
import {
  campaignFormSchema,
  FORM_FIELDS,
  formFieldOf,
  type CampaignFormInput,
  type CampaignFormValues,
} from '../schemas';
import { KeyMessagesField } from './key-messages-field';
import { PlatformsField, type ConnectedPlatform } from './platforms-field';
import { ScheduleField } from './schedule-field';
import { useSaving } from '#web/lib/use-saving';

const INTENTION_OPTIONS = CAMPAIGN_INTENTIONS.map((value) => ({
  value,
  label: INTENTION_LABELS[value],
}));
const STATUS_OPTIONS = CAMPAIGN_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

export interface CampaignFormProps {
  /** The company in the route; without one the form says 'Company ID is required'. */
  companyId: string | undefined;
  companyTimeZone: string;
  defaultValues: CampaignFormInput;
  /** 'Create Campaign' or 'Save Campaign'. */
  submitLabel: string;
  /** The failure toast's start: 'Failed to create campaign', 'Failed to update campaign'. */
  failurePrefix: string;
  /** Where Cancel goes. */
  cancelTo: string;
  /** The company's connected platforms; undefined while they load. */
  connectedPlatforms: readonly ConnectedPlatform[] | undefined;
  /** They could not be loaded; `retryPlatforms` reads them again. */
  platformsFailed?: boolean;
  retryPlatforms?: () => void;
  platformsPath: string;
  /** The Media Assets section: the media of a saved campaign, or why there is none yet. */
  media: ReactNode;
  /** Saves; a rejection keeps every input and says what went wrong. */
  onSubmit: (values: CampaignFormValues) => Promise<void>;
}

function Section({
  title,
  description,
  children,
  disabled,
  tour,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  disabled?: boolean;
  /** Its name for the onboarding tour's steps (`data-tour`). */
  tour?: string;
}) {
  const titleId = useId();
  return (
    <fieldset
      disabled={disabled}
      data-tour={tour}
      aria-labelledby={titleId}
      className={clsx(cardClasses, 'min-w-0 space-y-6 p-5 sm:p-6')}
    >
      <div>
        <h2 id={titleId} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {description ? <p className="mt-0.5 text-sm text-slate-600">{description}</p> : null}
      </div>
      {children}
    </fieldset>
  );
}

/** The campaign form, for creating and for editing (spec 2 §2 'Campaign form'). */
export function CampaignForm({
  companyId,
  companyTimeZone,
  defaultValues,
  submitLabel,
  failurePrefix,
  cancelTo,
  connectedPlatforms,
  platformsFailed,
  retryPlatforms,
  platformsPath,
  media,
  onSubmit,
}: CampaignFormProps) {
  const formId = useId();
  const form = useForm<CampaignFormInput, unknown, CampaignFormValues>({
    resolver: zodResolver(campaignFormSchema),
    defaultValues,
  });
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isDirty },
  } = form;
  useFocusRefusedField(form);
  const { saving, whileSaving } = useSaving();
  const unsavedChanges = useUnsavedChanges(isDirty);
  const startDate = watch('startDate');

  const submit = handleSubmit(async (values) => {
    if (!companyId) {
      toast.error(CAMPAIGN_TEXTS.companyIdRequired);
      return;
    }
    // A successful save navigates away at once: that is not leaving unsaved edits.
    unsavedChanges.allowLeaving();
    try {
      await whileSaving(() => onSubmit(values));
    } catch (error) {
      unsavedChanges.askBeforeLeaving();
      if (isSessionEnded(error)) return;
      // A refusal that names a field shows there (and takes the focus); any other in a toast.
      if (applyFieldErrors(setError, error, FORM_FIELDS, formFieldOf)) return;
      if (hasCode(error, 'PLATFORM_NOT_CONNECTED')) {
        setError('platforms', {
          type: 'server',
          message: messageOf(error, 'Choose connected platforms only'),
        });
        return;
      }
      toast.error(withServerMessage(failurePrefix, error));
    }
  });

  return (
    <div className="space-y-6">
      <form id={formId} onSubmit={submit} noValidate className="space-y-6">
        <Section title="Campaign" disabled={saving}>
          <TextField
            label="Campaign Name"
            maxLength={CAMPAIGN_NAME_MAX}
            placeholder="Autumn blend launch"
            autoComplete="off"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextAreaField
            label="Description"
            rows={3}
            maxLength={CAMPAIGN_DESCRIPTION_MAX}
            placeholder="What the campaign is about and who it is for."
            error={errors.description?.message}
            {...register('description')}
          />
          <div className="grid grid-cols-1 gap-6 sm:grid-cols-2">
            <SelectField
              label="Campaign Intention"
              data-tour="campaign-intention"
              options={INTENTION_OPTIONS}
              error={errors.campaignIntention?.message}
              {...register('campaignIntention')}
            />
            <SelectField
              label="Status"
              options={STATUS_OPTIONS}
              hint="Posts are drafted for active campaigns only."
              error={errors.status?.message}
              {...register('status')}
            />
            <TextField
              label="Start Date"
              data-tour="campaign-dates"
              type="date"
              error={errors.startDate?.message}
              {...register('startDate', {
                // The end moves along when the start passes it, once the form has been checked.
                deps: ['endDate'],
              })}
            />
            <TextField
              label="End Date"
              type="date"
              min={startDate || undefined}
              error={errors.endDate?.message}
              {...register('endDate')}
            />
          </div>
        </Section>

        <Section
          title="Where and when"
          description="The platforms this campaign posts to, and the days and times its posts go out."
          disabled={saving}
        >
          <PlatformsField
            form={form}
            connected={connectedPlatforms}
            initial={defaultValues.platforms as PlatformId[]}
            platformsPath={platformsPath}
            loadFailed={platformsFailed}
            onRetry={retryPlatforms}
          />
          <div data-tour="campaign-schedule">
            <ScheduleField form={form} companyTimeZone={companyTimeZone} companyId={companyId} />
          </div>
        </Section>

        <Section
          title="Content Seeds"
          tour="campaign-seeds"
          description="What the AI writes from: how the posts sound, what they say and anything it must know."
          disabled={saving}
        >
          <TextAreaField
            label="Brand Voice"
            rows={3}
            placeholder="Warm and plain-spoken, a little playful."
            hint="Optional: how this campaign's posts should sound."
            error={errors.brandVoice?.message}
            {...register('brandVoice')}
          />
          <KeyMessagesField form={form} />
          <TextAreaField
            label="Content Instructions"
            rows={3}
            maxLength={CONTENT_INSTRUCTIONS_MAX}
            placeholder="Mention the Saturday tastings. No discounts."
            error={errors.contentInstructions?.message}
            {...register('contentInstructions')}
          />
        </Section>
      </form>

      {media}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to={cancelTo} className={buttonClasses({ variant: 'ghost' })}>
          Cancel
        </Link>
        <Button type="submit" form={formId} loading={saving}>
          {saving ? 'Saving...' : submitLabel}
        </Button>
      </div>
      <UnsavedChangesDialog blocker={unsavedChanges.blocker} />
    </div>
  );
}
