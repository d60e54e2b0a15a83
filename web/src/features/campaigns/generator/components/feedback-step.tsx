import type { UseFormReturn } from 'react-hook-form';
import type { Generation } from '#shared/contract/ai';
import { AI_FEEDBACK_MAX } from '#shared/domain/ai-campaigns';
import { Button } from '#web/components/button';
import { TextAreaField } from '#web/components/text-area-field';
import { INTENTION_LABELS } from '../../messages';
import { GENERATOR_TEXTS } from '../generator-texts';
import type { Version } from '../history';
import type { FeedbackInput, FeedbackValues } from '../schemas';
import { appendTranscript, useSpeechRecognition } from '../use-speech-recognition';
import { DictationButton } from './dictation-button';
import { GeneratorCard } from './generator-card';
import { GenerationHistory } from './generation-history';

/** What the history was asked: the description, its intention and websites. */
function BriefSummary({ input }: { input: Generation['input'] }) {
  return (
    <GeneratorCard title={GENERATOR_TEXTS.briefSummaryTitle}>
      <dl className="space-y-3 text-sm">
        <div>
          <dt className="font-medium text-slate-500">Campaign Description</dt>
          <dd className="mt-0.5 line-clamp-6 whitespace-pre-line break-words text-slate-900">
            {input.prompt}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">Campaign Intention</dt>
          <dd className="mt-0.5 text-slate-900">{INTENTION_LABELS[input.campaignIntention]}</dd>
        </div>
        {input.websiteUrls.length ? (
          <div>
            <dt className="font-medium text-slate-500">Websites</dt>
            <dd className="mt-0.5">
              <ul className="space-y-0.5">
                {input.websiteUrls.map((url) => (
                  <li key={url} className="break-all text-slate-900">
                    {url}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
        {input.mediaAssets.length ? (
          <div>
            <dt className="font-medium text-slate-500">Media</dt>
            <dd className="mt-0.5 break-words text-slate-900">
              {input.mediaAssets.map((asset) => asset.fileName).join(', ')}
            </dd>
          </div>
        ) : null}
      </dl>
    </GeneratorCard>
  );
}

/**
 * Step two: the brief, 'Provide Feedback' (typed or dictated) with 'Refine Campaign' and 'Start
 * New Campaign', and the Generation History once there is more than one version.
 */
export function FeedbackStep({
  form,
  brief,
  versions,
  selectedId,
  timeZone,
  busy,
  submitting,
  onSubmit,
  onStartNew,
  onSelect,
}: {
  form: UseFormReturn<FeedbackInput, unknown, FeedbackValues>;
  brief: Generation['input'] | undefined;
  versions: readonly Version[];
  selectedId: string | undefined;
  timeZone: string;
  /** A refinement runs: nothing can change. */
  busy: boolean;
  submitting: boolean;
  onSubmit: () => void;
  onStartNew: () => void;
  onSelect: (version: Version, number: number) => void;
}) {
  const {
    register,
    getValues,
    setValue,
    formState: { errors, isSubmitted },
  } = form;
  const dictation = useSpeechRecognition((transcript) =>
    setValue(
      'feedback',
      appendTranscript(getValues('feedback'), transcript).slice(0, AI_FEEDBACK_MAX),
      { shouldDirty: true, shouldValidate: isSubmitted },
    ),
  );
  const locked = busy || submitting;

  return (
    <div className="space-y-6">
      <form
        noValidate
        aria-label="Refine the campaign"
        onSubmit={(event) => {
          event.preventDefault();
          dictation.stop();
          onSubmit();
        }}
      >
        <GeneratorCard
          title="Refine your campaign"
          description="Tell Sailpost what to change; it drafts a new version and keeps the earlier ones."
        >
          <fieldset disabled={locked} className="min-w-0 space-y-5">
            <TextAreaField
              label={GENERATOR_TEXTS.feedbackTitle}
              rows={5}
              maxLength={AI_FEEDBACK_MAX}
              placeholder={GENERATOR_TEXTS.feedbackPlaceholder}
              hint={GENERATOR_TEXTS.feedbackHint}
              error={errors.feedback?.message}
              labelAside={
                <DictationButton
                  subject="your feedback"
                  listening={dictation.listening}
                  onToggle={dictation.toggle}
                  disabled={locked}
                />
              }
              {...register('feedback')}
            />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={onStartNew} disabled={locked}>
                Start New Campaign
              </Button>
              <Button type="submit" loading={submitting} disabled={busy}>
                Refine Campaign
              </Button>
            </div>
          </fieldset>
        </GeneratorCard>
      </form>
      <GenerationHistory
        versions={versions}
        selectedId={selectedId}
        timeZone={timeZone}
        onSelect={onSelect}
        disabled={locked}
      />
      {brief ? <BriefSummary input={brief} /> : null}
    </div>
  );
}
