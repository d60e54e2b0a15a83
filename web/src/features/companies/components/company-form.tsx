import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import type { CompanyProfileDraft } from '#shared/contract/ai';
import {
  INVALID_WEBSITE_MESSAGE,
  isValidWebsite,
  MAX_BRAND_COLORS,
  normaliseWebsite,
  type CreateCompanyBody,
} from '#shared/contract/companies';
import { Alert } from '#web/components/alert';
import { Button, buttonClasses } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { IconSparkles } from '#web/components/icons';
import { IndeterminateProgress } from '#web/components/progress-bar';
import { TextAreaField } from '#web/components/text-area-field';
import { TextField } from '#web/components/text-field';
import { messageOf } from '#web/lib/error-text';
import { websiteHost } from '#web/lib/format';
import { applyFieldErrors } from '#web/lib/form-errors';
import { draftCompanyProfile } from '../api/draft-company-profile';
import { COMPANY_MESSAGES } from '../messages';
import {
  companyBodyFrom,
  companyFormSchema,
  normaliseHex,
  type CompanyFormInput,
  type CompanyFormValues,
} from '../schemas';
import { BrandColorsField } from './brand-colors-field';

/** After this long the website has usually been read and the draft is being written. */
export const DRAFTING_AFTER_MS = 2500;

type DraftPhase = 'idle' | 'reading' | 'drafting';

const PHASE_LABELS: Record<Exclude<DraftPhase, 'idle'>, string> = {
  reading: 'Reading your website…',
  drafting: 'Drafting your profile…',
};

const TEXT_FIELDS = ['name', 'description', 'website', 'brandVoice'] as const;

export const draftedToast = (draft: Pick<CompanyProfileDraft, 'source' | 'website'>): string =>
  draft.source === 'offline'
    ? `Offline draft created from ${websiteHost(draft.website)}. Review it and make it yours before saving.`
    : `Profile drafted from ${websiteHost(draft.website)}. Review it and make it yours before saving.`;

export interface CompanyFormProps {
  defaultValues: CompanyFormInput;
  submitLabel: string;
  submittingLabel: string;
  /** Where Cancel goes. */
  cancelTo: string;
  /** The banner's text for a failed save. */
  describeFailure: (error: unknown) => string;
  /** Saves; a rejection keeps every input and shows what went wrong. */
  onSubmit: (body: Required<CreateCompanyBody>) => Promise<void>;
}

/** The create and edit form for a company, with 'Fill from website' (POST /ai/company-profile). */
export function CompanyForm({
  defaultValues,
  submitLabel,
  submittingLabel,
  cancelTo,
  describeFailure,
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
    formState: { errors, isSubmitting },
  } = form;
  const [serverError, setServerError] = useState<string | null>(null);
  const [phase, setPhase] = useState<DraftPhase>('idle');
  const [draftError, setDraftError] = useState<string | null>(null);
  const draftRequest = useRef<AbortController | null>(null);
  const errorBanner = useRef<HTMLDivElement>(null);
  const drafting = phase !== 'idle';

  // Leaving the page stops a draft in flight.
  useEffect(() => () => draftRequest.current?.abort(), []);

  // A failed save is explained at the top of the form; bring it into view (long forms, phones).
  useEffect(() => {
    if (serverError) errorBanner.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [serverError]);

  const applyDraft = (draft: CompanyProfileDraft) => {
    const options = { shouldDirty: true, shouldValidate: false } as const;
    if (!getValues('name').trim() && draft.name.trim())
      setValue('name', draft.name.trim(), options);
    if (draft.description.trim()) setValue('description', draft.description.trim(), options);
    if (draft.brandVoice.trim()) setValue('brandVoice', draft.brandVoice.trim(), options);
    const colors = [...new Set(draft.brandColors.map(normaliseHex).filter(Boolean))];
    if (colors.length) {
      setValue(
        'brandColors',
        colors.slice(0, MAX_BRAND_COLORS).map((value) => ({ value })),
        options,
      );
    }
    if (draft.website) setValue('website', draft.website, options);
    clearErrors();
  };

  const fillFromWebsite = async () => {
    const website = normaliseWebsite(getValues('website'));
    if (!website) {
      setDraftError('Enter your website address first.');
      setFocus('website');
      return;
    }
    if (!isValidWebsite(website)) {
      setDraftError(INVALID_WEBSITE_MESSAGE);
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
      applyDraft(draft);
      toast.success(draftedToast(draft));
    } catch (error) {
      if (controller.signal.aborted) return;
      setDraftError(messageOf(error, COMPANY_MESSAGES.draftFailed));
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
    try {
      await onSubmit(companyBodyFrom(values));
    } catch (error) {
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

      <fieldset disabled={isSubmitting} className={`${cardClasses} space-y-6 p-5 sm:p-6`}>
        <legend className="sr-only">Company details</legend>
        <div>
          <h2 className="text-base font-semibold text-slate-900">About the company</h2>
          <p className="mt-0.5 text-sm text-slate-600">
            Start with your website and Sailpost drafts the rest for you to edit.
          </p>
        </div>

        <div>
          <div className="grid items-start gap-3 sm:grid-cols-[1fr_auto]">
            <TextField
              label="Website"
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
          label="Company name"
          autoComplete="organization"
          placeholder="Harbor Coffee"
          readOnly={drafting}
          error={errors.name?.message}
          {...register('name')}
        />

        <TextAreaField
          label="Description"
          rows={4}
          placeholder="What you sell, who you serve and what makes you different."
          readOnly={drafting}
          error={errors.description?.message}
          {...register('description')}
        />
      </fieldset>

      <fieldset disabled={isSubmitting} className={`${cardClasses} space-y-6 p-5 sm:p-6`}>
        <legend className="sr-only">Brand</legend>
        <div>
          <h2 className="text-base font-semibold text-slate-900">Brand</h2>
          <p className="mt-0.5 text-sm text-slate-600">
            Every draft is written in this voice and kept in these colours.
          </p>
        </div>
        <BrandColorsField form={form} disabled={drafting} />
        <TextAreaField
          label="Brand voice"
          rows={4}
          placeholder="Warm, plain-spoken and a little playful. We say “we”, never “the company”."
          hint="How your posts should sound: tone, words you use, words you avoid."
          readOnly={drafting}
          error={errors.brandVoice?.message}
          {...register('brandVoice')}
        />
      </fieldset>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to={cancelTo} className={buttonClasses({ variant: 'ghost' })}>
          Cancel
        </Link>
        <Button type="submit" loading={isSubmitting} disabled={drafting}>
          {isSubmitting ? submittingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
