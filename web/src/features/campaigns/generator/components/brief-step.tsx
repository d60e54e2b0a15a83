import type { UseFormReturn } from 'react-hook-form';
import { AI_PROMPT_MAX } from '#shared/domain/ai-campaigns';
import { CAMPAIGN_INTENTIONS } from '#shared/domain/campaigns';
import { Button } from '#web/components/button';
import { IconSparkles } from '#web/components/icons';
import { SelectField } from '#web/components/select-field';
import { TextAreaField } from '#web/components/text-area-field';
import { INTENTION_LABELS } from '../../messages';
import { GENERATOR_TEXTS } from '../generator-texts';
import type { BriefInput, BriefValues } from '../schemas';
import { appendTranscript, useSpeechRecognition } from '../use-speech-recognition';
import type { GeneratorMediaState } from '../use-generator-media';
import { DictationButton } from './dictation-button';
import { GeneratorCard } from './generator-card';
import { GeneratorMediaField } from './generator-media-field';
import { IdeaChips } from './idea-chips';
import { WebsiteUrlsField } from './website-urls-field';

const INTENTION_OPTIONS = CAMPAIGN_INTENTIONS.map((value) => ({
  value,
  label: INTENTION_LABELS[value],
}));

/**
 * Step one: what the campaign is (the description, by keyboard, voice or an idea; its
 * intention), what the AI may look at (websites, media), and 'Generate Campaign'. Everything
 * holds still while a generation runs, and stays as typed when one fails.
 */
export function BriefStep({
  form,
  media,
  ideas,
  busy,
  submitting,
  onSubmit,
}: {
  form: UseFormReturn<BriefInput, unknown, BriefValues>;
  media: GeneratorMediaState;
  ideas: readonly string[] | undefined;
  /** A generation runs: nothing can change. */
  busy: boolean;
  /** The generate call is on its way. */
  submitting: boolean;
  onSubmit: () => void;
}) {
  const {
    register,
    getValues,
    setValue,
    setFocus,
    formState: { errors, isSubmitted },
  } = form;
  const dictation = useSpeechRecognition((transcript) =>
    setValue('prompt', appendTranscript(getValues('prompt'), transcript).slice(0, AI_PROMPT_MAX), {
      shouldDirty: true,
      shouldValidate: isSubmitted,
    }),
  );
  const locked = busy || submitting;

  return (
    <form
      noValidate
      aria-label="Campaign brief"
      onSubmit={(event) => {
        event.preventDefault();
        dictation.stop();
        onSubmit();
      }}
      className="space-y-6"
    >
      <fieldset disabled={locked} className="min-w-0 space-y-6">
        <GeneratorCard title={GENERATOR_TEXTS.briefTitle} description={GENERATOR_TEXTS.briefHint}>
          <TextAreaField
            label="Campaign Description"
            rows={6}
            maxLength={AI_PROMPT_MAX}
            placeholder={GENERATOR_TEXTS.descriptionPlaceholder}
            error={errors.prompt?.message}
            labelAside={
              <DictationButton
                subject="the campaign description"
                listening={dictation.listening}
                onToggle={dictation.toggle}
                disabled={locked}
              />
            }
            {...register('prompt')}
          />
          <IdeaChips
            ideas={ideas}
            disabled={locked}
            onChoose={(idea) => {
              setValue('prompt', idea, { shouldDirty: true, shouldValidate: isSubmitted });
              setFocus('prompt');
            }}
          />
          <SelectField
            label="Campaign Intention"
            options={INTENTION_OPTIONS}
            error={errors.campaignIntention?.message}
            {...register('campaignIntention')}
          />
        </GeneratorCard>

        <GeneratorCard
          title={GENERATOR_TEXTS.sourcesTitle}
          description={GENERATOR_TEXTS.sourcesHint}
        >
          <WebsiteUrlsField form={form} />
          <GeneratorMediaField media={media} disabled={locked} />
        </GeneratorCard>
      </fieldset>

      <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:items-center sm:justify-end">
        {media.analyzing ? (
          <p className="text-sm text-slate-600 sm:mr-auto">{GENERATOR_TEXTS.waitForMedia}</p>
        ) : null}
        <Button
          type="submit"
          size="lg"
          loading={submitting}
          disabled={busy || media.analyzing}
          className="w-full sm:w-auto"
        >
          {!submitting ? <IconSparkles aria-hidden="true" className="size-5" /> : null}
          Generate Campaign
        </Button>
      </div>
    </form>
  );
}
