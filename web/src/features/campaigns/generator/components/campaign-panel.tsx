import clsx from 'clsx';
import { useEffect, useRef, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import type { CampaignDraft } from '#shared/contract/ai';
import { AI_CAMPAIGN_TEXTS } from '#shared/domain/ai-campaigns';
import { platformName } from '#shared/domain/tiers';
import { Badge } from '#web/components/badge';
import { Button, buttonClasses } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { EmptyState } from '#web/components/empty-state';
import { IconSparkles } from '#web/components/icons';
import { ProgressTrack } from '#web/components/progress-bar';
import { IconPhoto, IconPlay } from '../../components/campaign-icons';
import { INTENTION_LABELS, USAGE_LABELS } from '../../messages';
import { GENERATOR_TEXTS } from '../generator-texts';
import type { Version } from '../history';
import type { AdoptPhase } from '../use-adopt-draft';
import type { Running } from '../use-generation-session';
import { CampaignAnalysis } from './campaign-analysis';
import { GenerationProgress } from './generation-progress';
import { PlatformChips } from '../../components/platform-chips';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-3 first:pt-0 last:pb-0">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

const none = (text: string) => <span className="text-slate-500">{text}</span>;

function MediaAssets({ assets }: { assets: CampaignDraft['mediaAssets'] }) {
  if (assets.length === 0) return none('No media');
  return (
    <ul className="space-y-2">
      {assets.map((asset, index) => {
        const Icon = asset.type === 'video' ? IconPlay : IconPhoto;
        return (
          <li
            key={`${index}-${asset.fileName}`}
            className="flex gap-3 rounded-lg border border-slate-200 p-3"
          >
            <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-400" />
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="min-w-0 font-medium break-all text-slate-900">
                  {asset.fileName}
                </span>
                <Badge tone="brand">{USAGE_LABELS[asset.usage]}</Badge>
              </p>
              {asset.description ? (
                <p className="mt-1 break-words text-slate-700">{asset.description}</p>
              ) : null}
              {asset.platforms.length ? (
                <p className="mt-1 text-xs text-slate-500">
                  {asset.platforms.map(platformName).join(', ')}
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function AdoptProgress({ phase }: { phase: AdoptPhase }) {
  if (phase.step !== 'uploading') return null;
  const percent = Math.round(phase.progress * 100);
  const label = `Uploading ${phase.fileName} (${phase.index} of ${phase.count})`;
  return (
    <div className="mt-3">
      <ProgressTrack
        label={label}
        valueText={`${percent}% uploaded`}
        value={{ now: percent, max: 100 }}
        fill={{ className: 'transition-[width] duration-200', style: { width: `${percent}%` } }}
      />
      <p className="mt-1 text-xs text-slate-500 tabular-nums">{`${label}… ${percent}%`}</p>
    </div>
  );
}

/**
 * A version already made into a campaign (here, in another tab, or before): its campaign, or a
 * new one — never a second copy. When it replaces 'Use This Campaign' under the owner's eyes (the
 * server said another tab was first), focus, lost with the button, lands on Open campaign.
 */
function AdoptedActions({
  campaignPath,
  replacedUse,
  onStartNew,
}: {
  campaignPath: string;
  replacedUse: boolean;
  onStartNew: () => void;
}) {
  const openRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (replacedUse && document.activeElement === document.body) openRef.current?.focus();
  }, [replacedUse]);
  return (
    <>
      <p className="text-sm text-slate-700">{GENERATOR_TEXTS.alreadyCampaign}</p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Link ref={openRef} to={campaignPath} className={buttonClasses({ size: 'lg' })}>
          Open campaign
        </Link>
        <Button variant="secondary" size="lg" onClick={onStartNew}>
          Start New Campaign
        </Button>
      </div>
    </>
  );
}

/** The draft: what 'Use This Campaign' creates. */
function DraftCard({
  version,
  number,
  headingRef,
  running,
  adoptPhase,
  campaignsPath,
  onUse,
  onStartNew,
}: {
  version: Version;
  number: number;
  headingRef: Ref<HTMLHeadingElement>;
  running: Running | null;
  adoptPhase: AdoptPhase;
  campaignsPath: string;
  onUse: () => void;
  onStartNew: () => void;
}) {
  const campaign = version.data.campaign;
  const seeds = campaign.contentSeeds;
  const adopting = adoptPhase.step !== 'idle';
  // Once made (and until it is uploading its files, which ends on the campaign's page).
  const adopted = version.adoptedCampaignId !== null && !adopting;
  /** The version whose 'Use This Campaign' was last shown. */
  const offered = useRef<string | null>(null);
  const replacedUse = adopted && offered.current === version._id;
  useEffect(() => {
    offered.current = adopted ? null : version._id;
  });
  return (
    <section aria-labelledby="draft-title" className={clsx(cardClasses, 'p-5 sm:p-6')}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="brand">{`Version ${number}`}</Badge>
        {version.source === 'offline' ? <Badge tone="warning">Sandbox draft</Badge> : null}
      </div>
      <h2
        id="draft-title"
        ref={headingRef}
        tabIndex={-1}
        className="mt-3 text-xl font-semibold tracking-tight break-words text-slate-900 outline-none"
      >
        {campaign.name}
      </h2>
      {campaign.description ? (
        <p className="mt-2 text-sm whitespace-pre-line break-words text-slate-700">
          {campaign.description}
        </p>
      ) : null}
      {version.source === 'offline' ? (
        <p className="mt-3 text-xs text-amber-800">{GENERATOR_TEXTS.offlineSource}</p>
      ) : null}

      <dl className="mt-5 divide-y divide-slate-100 border-t border-slate-100 pt-4">
        <Fact label="Campaign Intention">{INTENTION_LABELS[campaign.campaignIntention]}</Fact>
        <Fact label="Platforms">
          <PlatformChips platforms={campaign.platforms} />
        </Fact>
        <Fact label="Brand Voice">
          <span className="whitespace-pre-line break-words">
            {seeds.brandVoice || none('No brand voice')}
          </span>
        </Fact>
        <Fact label="Key Messages">
          {seeds.keyMessages.length ? (
            <ul className="list-disc space-y-1 pl-5">
              {seeds.keyMessages.map((message, index) => (
                <li key={`${index}-${message}`} className="break-words">
                  {message}
                </li>
              ))}
            </ul>
          ) : (
            none('No key messages')
          )}
        </Fact>
        <Fact label="Content Instructions">
          <span className="whitespace-pre-line break-words">
            {seeds.contentInstructions || none('No content instructions')}
          </span>
        </Fact>
        <Fact label="Media Assets">
          <MediaAssets assets={campaign.mediaAssets} />
        </Fact>
      </dl>

      <div className="mt-6 border-t border-slate-100 pt-5">
        {adopted ? (
          <AdoptedActions
            campaignPath={`${campaignsPath}/${version.adoptedCampaignId}`}
            replacedUse={replacedUse}
            onStartNew={onStartNew}
          />
        ) : (
          <>
            <Button
              size="lg"
              fullWidth
              onClick={onUse}
              loading={adopting}
              disabled={running !== null}
            >
              {adoptPhase.step === 'creating'
                ? 'Creating campaign...'
                : adoptPhase.step === 'uploading'
                  ? 'Uploading media...'
                  : 'Use This Campaign'}
            </Button>
            <p className="mt-2 text-xs text-slate-500">{GENERATOR_TEXTS.useHint}</p>
            <AdoptProgress phase={adoptPhase} />
          </>
        )}
      </div>
    </section>
  );
}

/**
 * The right panel: 'No Campaign Generated Yet', the progress of a generation, and the version
 * shown (its campaign, 'Use This Campaign', its AI analysis). While a refinement runs the
 * version it started from stays in view below the progress.
 */
export function CampaignPanel({
  version,
  number,
  running,
  revealProgress,
  headingRef,
  adoptPhase,
  campaignsPath,
  onUse,
  onStartNew,
}: {
  version: Version | undefined;
  number: number;
  running: Running | null;
  /** Changes when the owner starts a generation: its progress is scrolled into view. */
  revealProgress: number;
  headingRef: Ref<HTMLHeadingElement>;
  adoptPhase: AdoptPhase;
  /** The company's campaigns: a version made into a campaign links to it. */
  campaignsPath: string;
  onUse: () => void;
  onStartNew: () => void;
}) {
  const progressRef = useRef<HTMLDivElement>(null);
  const hasProgress = running !== null;
  // Stacked on a phone, or scrolled past on a laptop, the progress would start out of sight.
  useEffect(() => {
    if (!revealProgress || !hasProgress) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    progressRef.current?.scrollIntoView?.({
      block: 'nearest',
      behavior: reduced ? 'auto' : 'smooth',
    });
  }, [revealProgress, hasProgress]);

  return (
    <div className="min-w-0 space-y-6">
      {running ? (
        <div ref={progressRef} className="scroll-mt-6">
          <GenerationProgress running={running} />
        </div>
      ) : null}
      {version ? (
        <div
          className={clsx('space-y-6', running && 'opacity-60')}
          aria-busy={running !== null || undefined}
        >
          <DraftCard
            version={version}
            number={number}
            headingRef={headingRef}
            running={running}
            adoptPhase={adoptPhase}
            campaignsPath={campaignsPath}
            onUse={onUse}
            onStartNew={onStartNew}
          />
          <CampaignAnalysis analysis={version.data.analysis} />
        </div>
      ) : running ? null : (
        <EmptyState
          headingLevel={2}
          icon={IconSparkles}
          title={AI_CAMPAIGN_TEXTS.empty}
          description={GENERATOR_TEXTS.emptyHint}
        />
      )}
    </div>
  );
}
