import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import type { CompanyProfileDraft } from '#shared/contract/ai';
import {
  INVALID_WEBSITE_MESSAGE,
  isValidWebsite,
  normaliseWebsite,
  PRIVATE_WEBSITE_MESSAGE,
  type CreateCompanyBody,
} from '#shared/contract/companies';
import { Alert } from '#web/components/alert';
import { Button, buttonClasses } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { IconSparkles } from '#web/components/icons';
import { IndeterminateProgress } from '#web/components/progress-bar';
import { TextAreaField } from '#web/components/text-area-field';
import { TextField } from '#web/components/text-field';
import { UnsavedChangesDialog } from '#web/components/unsaved-changes-dialog';
import { hasCode, messageOf } from '#web/lib/error-text';
import { websiteHost } from '#web/lib/format';
import { applyFieldErrors } from '#web/lib/form-errors';
import { useUnsavedChanges } from '#web/lib/use-unsaved-changes';
import { draftCompanyProfile } from '../api/draft-company-profile';
import { draftChanges, isEmptyChange, type DraftChange } from '../draft-changes';
import { COMPANY_FIELD_LABELS, COMPANY_MESSAGES } from '../messages';
import {
  companyBodyFrom,
  companyFormSchema,
  isLocalAddress,
  MORNING_HOUR_OPTIONS,
  type CompanyFormInput,
  type CompanyFormValues,
} from '../schemas';
import { BrandColorsField } from './brand-colors-field';
import { DraftReviewDialog } from './draft-review-dialog';
import { SelectField } from '#web/components/select-field';
import { TimeZoneField } from '#web/components/time-zone-field';
import { useSaving } from '#web/lib/use-saving';

/** After this long the website has usually been read and the draft is being written. */
export const DRAFTING_AFTER_MS = 2500;

type DraftPhase = 'idle' | 'reading' | 'drafting';

const PHASE_LABELS: Record<Exclude<DraftPhase, 'idle'>, string> = {
  reading: 'Reading your website…',
  drafting: 'Drafting your profile…',
};

const TEXT_FIELDS = [
  'name',
  'description',
  'website',
  'brandVoice',
  'timeZone',
  'morningHour',
] as const;

export const draftedToast = (draft: Pick<CompanyProfileDraft, 'source' | 'website'>): string =>
  draft.source === 'offline'
    ? `Filled in from what ${websiteHost(draft.website)} says. Review it and make it yours before saving.`
    : `Profile drafted from ${websiteHost(draft.website)}. Review it and make it yours before saving.`;

/**
 * Why the website could not be read, decided on the code: a private or local address is said to
 * be one; the reader's other refusals are already in plain words; anything else gets our own text.
 */
const draftFailureText = (error: unknown): string => {
  if (hasCode(error, 'WEBSITE_PRIVATE')) return PRIVATE_WEBSITE_MESSAGE;
  if (hasCode(error, 'WEBSITE_INVALID', 'WEBSITE_UNREADABLE', 'DRAFT_QUOTA_REACHED')) {
    return messageOf(error, COMPANY_MESSAGES.draftFailed);
  }
  return COMPANY_MESSAGES.draftFailed;
};

interface Review {
  changes: DraftChange[];
  draft: CompanyProfileDraft;
}

export interface CompanyFormProps {
  defaultValues: CompanyFormInput;
  submitLabel: string;
  submittingLabel: string;
  /** Where Cancel goes. */
  cancelTo: string;
  /** The banner's text for a failed save. */
  describeFailure: (error: unknown) => string;
  /**
   * Shows the time zone select (editing). A new company is created in the browser's zone without
   * asking; it can be changed on the edit form.
   */
  showTimeZone?: boolean;
  /** Saves; a rejection keeps every input and shows what went wrong. */
  onSubmit: (body: CreateCompanyBody) => Promise<void>;
}

/** The create and edit form for a company, with 'Fill from website' (POST /ai/company-profile). */
export function CompanyForm({
  defaultValues,
  submitLabel,
  submittingLabel,
  cancelTo,
  describeFailure,
  showTimeZone = false,
  onSubmit,
}: CompanyFormProps) {
  const form = useForm<CompanyFormInput, unknown, CompanyFormValues>({
    resolver: zodResolver(companyFormSchema),
    defaultValues,
  });
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    setError,
    clearErrors,
    setFocus,
    formState: { errors, isDirty },
  } = form;
  const { saving, whileSaving } = useSaving();
  const [serverError, setServerError] = useState<string | null>(null);
  const [phase, setPhase] = useState<DraftPhase>('idle');
  const [draftError, setDraftError] = useState<string | null>(null);
  const draftRequest = useRef<AbortController | null>(null);
  const [review, setReview] = useState<Review | null>(null);
  const errorBanner = useRef<HTMLDivElement>(null);
  const fillButton = useRef<HTMLButtonElement>(null);
  const drafting = phase !== 'idle';
  const unsavedChanges = useUnsavedChanges(isDirty);

  // Leaving the page stops a draft in flight.
  useEffect(() => () => draftRequest.current?.abort(), []);

  // A failed save is explained at the top of the form; bring it into view (long forms, phones).
  useEffect(() => {
    if (serverError) errorBanner.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [serverError]);

  // The website button is disabled while reading, which drops focus; give it back when done.
  const returnFocus = () => {
    if (document.activeElement === document.body || document.activeElement === null) {
      fillButton.current?.focus();
    }
  };
  useEffect(() => {
    if (phase === 'idle' && !review) returnFocus();
  }, [phase, review]);

  const applyChanges = (changes: readonly DraftChange[]) => {
    const options = { shouldDirty: true, shouldValidate: false } as const;
    for (const change of changes) {
      if (change.field === 'brandColors') {
        setValue(
          'brandColors',
          change.suggested.map((value) => ({ value })),
          options,
        );
      } else {
        setValue(change.field, change.suggested, options);
      }
    }
    clearErrors();
  };

  /**
   * Empty fields are filled at once; when the draft would replace anything the owner wrote, they
   * see each change and choose.
   */
  const offerDraft = (draft: CompanyProfileDraft) => {
    const changes = draftChanges(getValues(), draft);
    if (changes.length === 0) {
      toast.success(COMPANY_MESSAGES.draftMatches(websiteHost(draft.website)));
    } else if (changes.every(isEmptyChange)) {
      applyChanges(changes);
      toast.success(draftedToast(draft));
    } else {
      setReview({ changes, draft });
    }
  };

  const applyReviewed = (chosen: DraftChange[]) => {
    const host = review ? websiteHost(review.draft.website) : '';
    setReview(null);
    if (chosen.length === 0) return;
    applyChanges(chosen);
    toast.success(COMPANY_MESSAGES.suggestionsApplied(host));
  };

  const fillFromWebsite = async () => {
    const website = normaliseWebsite(getValues('website'));
    if (!website) {
      setDraftError('Enter your website address first.');
      setFocus('website');
      return;
    }
    if (!isValidWebsite(website)) {
      setDraftError(isLocalAddress(website) ? PRIVATE_WEBSITE_MESSAGE : INVALID_WEBSITE_MESSAGE);
      setFocus('website');
      return;
    }
    setDraftError(null);
    clearErrors('website');
    const controller = new AbortController();
    draftRequest.current = controller;
    setPhase('reading');
    const timer = setTimeout(() => setPhase('drafting'), DRAFTING_AFTER_MS);
    try {
      const draft = await draftCompanyProfile(website, controller.signal);
      if (controller.signal.aborted) return;
      offerDraft(draft);
    } catch (error) {
      if (controller.signal.aborted) return;
      setDraftError(draftFailureText(error));
      // The message is read out with the field it belongs to.
      setFocus('website');
    } finally {
      clearTimeout(timer);
      if (draftRequest.current === controller) {
        draftRequest.current = null;
        setPhase('idle');
      }
    }
  };

  const cancelDraft = () => {
    draftRequest.current?.abort();
    draftRequest.current = null;
    setPhase('idle');
  };

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    // A successful save navigates away at once: that is not leaving unsaved edits.
    unsavedChanges.allowLeaving();
    try {
      await whileSaving(() => onSubmit(companyBodyFrom(values)));
    } catch (error) {
      unsavedChanges.askBeforeLeaving();
      setServerError(describeFailure(error));
      applyFieldErrors(setError, error, TEXT_FIELDS);
    }
  });

  const websiteError = draftError ?? errors.website?.message;

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      {serverError ? (
        <div ref={errorBanner}>
          <Alert tone="danger">{serverError}</Alert>
        </div>
      ) : null}

      <fieldset disabled={saving} className={`${cardClasses} space-y-6 p-5 sm:p-6`}>
        <legend className="sr-only">Company details</legend>
        <div>
          <h2 className="text-base font-semibold text-slate-900">About the company</h2>
          <p className="mt-0.5 text-sm text-slate-600">
            Start with your website and Sailpost drafts the rest for you to edit.
          </p>
        </div>

        <div data-tour="company-website">
          <div className="grid items-start gap-3 sm:grid-cols-[1fr_auto]">
            <TextField
              label={COMPANY_FIELD_LABELS.website}
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://yourcompany.com"
              readOnly={drafting}
              error={websiteError}
              hint={
                drafting ? undefined : 'Optional. We read only public pages to draft your profile.'
              }
              {...register('website', { onChange: () => setDraftError(null) })}
            />
            <Button
              ref={fillButton}
              variant="secondary"
              onClick={() => void fillFromWebsite()}
              disabled={drafting}
              className="sm:mt-[26px]"
            >
              <IconSparkles aria-hidden="true" className="size-4 text-brand-600" />
              Fill from website
            </Button>
          </div>
          {drafting ? (
            <div className="mt-3 flex items-start gap-4 rounded-xl bg-brand-50/60 p-3.5">
              <IndeterminateProgress label={PHASE_LABELS[phase]} className="flex-1" />
              <Button variant="ghost" size="sm" onClick={cancelDraft}>
                Cancel
              </Button>
            </div>
          ) : null}
        </div>

        <TextField
          label={COMPANY_FIELD_LABELS.name}
          autoComplete="organization"
          placeholder="Harbor Coffee"
          readOnly={drafting}
          error={errors.name?.message}
          {...register('name')}
        />

        <TextAreaField
          label={COMPANY_FIELD_LABELS.description}
          rows={4}
          placeholder="What you sell, who you serve and what makes you different."
          readOnly={drafting}
          error={errors.description?.message}
          {...register('description')}
        />

        {showTimeZone ? (
          <div className="space-y-6" data-tour="company-morning">
            <TimeZoneField
              label="Time zone"
              hint="Daily AI limits, the morning text and posting times follow this zone."
              control={form.control}
              name="timeZone"
            />
            <SelectField
              label="Morning drafts at"
              options={MORNING_HOUR_OPTIONS}
              hint="Each morning at this hour, in the company's time zone, the AI drafts the day's posts and you get one text to approve them."
              error={errors.morningHour?.message}
              {...register('morningHour')}
            />
          </div>
        ) : null}
      </fieldset>

      <fieldset disabled={saving} className={`${cardClasses} space-y-6 p-5 sm:p-6`}>
        <legend className="sr-only">Brand</legend>
        <div>
          <h2 className="text-base font-semibold text-slate-900">Brand</h2>
          <p className="mt-0.5 text-sm text-slate-600">
            Every draft is written in this voice and kept in these colours.
          </p>
        </div>
        <div data-tour="company-colors">
          <BrandColorsField form={form} disabled={drafting} />
        </div>
        <div data-tour="company-brand-voice">
          <TextAreaField
            label={COMPANY_FIELD_LABELS.brandVoice}
            rows={4}
            placeholder="Warm, plain-spoken and a little playful. We say “we”, never “the company”."
            hint="How your posts should sound: tone, words you use, words you avoid."
            readOnly={drafting}
            error={errors.brandVoice?.message}
            {...register('brandVoice')}
          />
        </div>
      </fieldset>

      <DraftReviewDialog
        changes={review?.changes ?? null}
        host={review ? websiteHost(review.draft.website) : ''}
        onCancel={() => setReview(null)}
        onApply={applyReviewed}
      />
      <UnsavedChangesDialog blocker={unsavedChanges.blocker} />

      <div
        className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end"
        data-tour="company-submit"
      >
        <Link to={cancelTo} className={buttonClasses({ variant: 'ghost' })}>
          Cancel
        </Link>
        <Button type="submit" loading={saving} disabled={drafting}>
          {saving ? submittingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
