import { zodResolver } from '@hookform/resolvers/zod';
import clsx from 'clsx';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { Company } from '#shared/contract/companies';
import {
  AI_CAMPAIGN_TEXTS,
  AI_CAMPAIGN_TOASTS,
  type GenerationKind,
} from '#shared/domain/ai-campaigns';
import { cardClasses } from '#web/components/card';
import { RetryAlert } from '#web/components/retry-alert';
import { Skeleton } from '#web/components/skeleton';
import { isSessionEnded } from '#web/lib/error-text';
import { applyFieldErrors, useFocusRefusedField } from '#web/lib/form-errors';
import { withServerMessage } from '../failure-text';
import { useCampaignSuggestions } from './api/campaign-suggestions';
import { BriefStep } from './components/brief-step';
import { CampaignPanel } from './components/campaign-panel';
import { FeedbackStep } from './components/feedback-step';
import { GENERATOR_TEXTS } from './generator-texts';
import type { Version } from './history';
import {
  BRIEF_FIELDS,
  briefFieldOf,
  briefFrom,
  briefSchema,
  emptyBrief,
  feedbackSchema,
  generateBodyFrom,
  refineBodyFrom,
  type BriefInput,
  type BriefValues,
  type FeedbackInput,
  type FeedbackValues,
} from './schemas';
import { useAdoptDraft } from './use-adopt-draft';
import { useGenerationSession } from './use-generation-session';
import { useGeneratorMedia } from './use-generator-media';

type FocusTarget =
  { to: 'panel'; versionId: string } | { to: 'prompt' } | { to: 'feedback' } | null;

function GeneratorSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
      <p role="status" className="sr-only">
        Loading the campaign generator
      </p>
      <div aria-hidden="true" className={clsx(cardClasses, 'space-y-4 p-6')}>
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
      <div aria-hidden="true" className={clsx(cardClasses, 'h-64')} />
    </div>
  );
}

/**
 * The AI Campaign Generator (the first tab of /campaigns/new). Step one describes the campaign;
 * 'Generate Campaign' starts a generation (202) that is polled until it succeeds or fails, with
 * its progress in the right panel. Step two refines the version shown with feedback, shows the
 * Generation History, and 'Start New Campaign' goes back to a clear step one. 'Use This
 * Campaign' creates the version shown as a draft campaign with the media area's files; a version
 * already made into a campaign offers 'Open campaign' and 'Start New Campaign' instead.
 *
 * The history lives on the server: leaving the page while a generation runs loses nothing, and
 * coming back shows the newest history and follows a generation still running.
 */
export function CampaignGenerator({
  company,
  campaignsPath,
}: {
  company: Company;
  campaignsPath: string;
}) {
  const companyId = company._id;
  const rootRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusTarget, setFocusTarget] = useState<FocusTarget>(null);
  const [posting, setPosting] = useState<GenerationKind | null>(null);
  const [revealProgress, setRevealProgress] = useState(0);

  const briefForm = useForm<BriefInput, unknown, BriefValues>({
    resolver: zodResolver(briefSchema),
    defaultValues: emptyBrief(company.website),
  });
  const feedbackForm = useForm<FeedbackInput, unknown, FeedbackValues>({
    resolver: zodResolver(feedbackSchema),
    defaultValues: { feedback: '' },
  });
  useFocusRefusedField(briefForm);
  useFocusRefusedField(feedbackForm);
  const media = useGeneratorMedia(companyId);
  const ideas = useCampaignSuggestions(companyId);
  const adopt = useAdoptDraft(company, campaignsPath);

  const session = useGenerationSession(companyId, {
    onSucceeded: (version) => {
      const refined = version.kind === 'refine';
      toast.success(refined ? AI_CAMPAIGN_TOASTS.refined : AI_CAMPAIGN_TOASTS.generated);
      if (refined) feedbackForm.reset({ feedback: '' });
      setAnnouncement(
        `${refined ? 'Campaign refined' : 'Campaign generated'}: ${version.data.campaign.name}`,
      );
      setFocusTarget({ to: 'panel', versionId: version._id });
    },
    onFailed: (kind, message) => {
      const prefix =
        kind === 'refine' ? AI_CAMPAIGN_TOASTS.refineFailed : AI_CAMPAIGN_TOASTS.generateFailed;
      toast.error(`${prefix}: ${message}`);
      setAnnouncement('');
      setFocusTarget({ to: kind === 'refine' ? 'feedback' : 'prompt' });
    },
  });
  const { versions, selected, running } = session;

  // Coming back: step one as the newest generation was asked (what stays if it fails).
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !session.ready) return;
    restored.current = true;
    const newest = session.newest;
    if (!newest || briefForm.formState.isDirty || media.items.length) return;
    briefForm.reset(briefFrom(newest.input));
    media.restore(newest.input.mediaAssets);
  }, [session.ready, session.newest, briefForm, media]);

  // Focus follows the work: to the new version, or back to the field to try again. Never taken
  // from elsewhere on the page (the other tab, another field).
  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget.to === 'panel' && selected?._id !== focusTarget.versionId) return;
    setFocusTarget(null);
    const root = rootRef.current;
    if (!root || root.closest('[hidden]')) return;
    const active = document.activeElement;
    if (active && active !== document.body && !root.contains(active)) return;
    if (focusTarget.to === 'panel') headingRef.current?.focus();
    else if (focusTarget.to === 'prompt') briefForm.setFocus('prompt');
    else feedbackForm.setFocus('feedback');
  }, [focusTarget, selected, briefForm, feedbackForm]);

  const submitBrief = briefForm.handleSubmit(async (values) => {
    if (media.analyzing || posting) return;
    setPosting('generate');
    try {
      await session.generate(generateBodyFrom(companyId, values, media.asBody()));
      setAnnouncement('Generating your campaign…');
      setRevealProgress((count) => count + 1);
    } catch (error) {
      if (isSessionEnded(error)) return;
      // A refusal that names a field shows there (and takes the focus); any other in a toast.
      if (applyFieldErrors(briefForm.setError, error, BRIEF_FIELDS, briefFieldOf)) return;
      toast.error(withServerMessage(AI_CAMPAIGN_TOASTS.generateFailed, error));
    } finally {
      setPosting(null);
    }
  });

  const submitFeedback = feedbackForm.handleSubmit(async ({ feedback }) => {
    if (posting) return;
    if (!selected) {
      toast.error(AI_CAMPAIGN_TEXTS.noCampaignToRefine);
      return;
    }
    setPosting('refine');
    try {
      await session.refine(refineBodyFrom(companyId, selected, feedback));
      setAnnouncement('Refining your campaign…');
      setRevealProgress((count) => count + 1);
    } catch (error) {
      if (isSessionEnded(error)) return;
      if (applyFieldErrors(feedbackForm.setError, error, ['feedback'])) return;
      toast.error(withServerMessage(AI_CAMPAIGN_TOASTS.refineFailed, error));
    } finally {
      setPosting(null);
    }
  });

  const startNew = () => {
    session.startNew();
    briefForm.reset(emptyBrief(company.website));
    feedbackForm.reset({ feedback: '' });
    media.clear();
    setAnnouncement('New campaign: describe it to start again.');
    setFocusTarget({ to: 'prompt' });
  };

  const selectVersion = (version: Version, number: number) => {
    session.select(version._id);
    setAnnouncement(`Version ${number} restored: ${version.data.campaign.name}`);
  };

  if (!session.ready) return <GeneratorSkeleton />;

  const stepTwo = versions.length > 0 || running?.kind === 'refine';
  const selectedNumber = selected ? versions.indexOf(selected) + 1 : 0;

  return (
    <div ref={rootRef} className="space-y-6">
      {session.historyFailed ? (
        <RetryAlert tone="warning" onRetry={session.retryHistory}>
          {GENERATOR_TEXTS.historyFailed}
        </RetryAlert>
      ) : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
        <div className="min-w-0">
          {stepTwo ? (
            <FeedbackStep
              form={feedbackForm}
              brief={(selected ?? session.newest)?.input}
              versions={versions}
              selectedId={selected?._id}
              timeZone={company.timeZone}
              busy={running !== null || adopt.busy}
              submitting={posting === 'refine'}
              onSubmit={() => void submitFeedback()}
              onStartNew={startNew}
              onSelect={selectVersion}
            />
          ) : (
            <BriefStep
              form={briefForm}
              media={media}
              ideas={ideas}
              busy={running !== null}
              submitting={posting === 'generate'}
              onSubmit={() => void submitBrief()}
            />
          )}
        </div>
        <CampaignPanel
          version={selected}
          number={selectedNumber}
          running={running}
          revealProgress={revealProgress}
          headingRef={headingRef}
          adoptPhase={adopt.phase}
          campaignsPath={campaignsPath}
          onUse={() => {
            if (selected) void adopt.adopt(selected, media.items);
          }}
          onStartNew={startNew}
        />
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
