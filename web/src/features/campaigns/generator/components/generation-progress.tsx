import { AI_CAMPAIGN_TEXTS, GENERATION_STAGE_LABELS } from '#shared/domain/ai-campaigns';
import { ProgressTrack } from '#web/components/progress-bar';
import { Spinner } from '#web/components/spinner';
import { GENERATOR_TEXTS } from '../generator-texts';
import type { Running } from '../use-generation-session';

/**
 * 'Sailing towards your perfect campaign...' with the generation's progress (a bar screen
 * readers read as a percentage and the stage) and its stage, announced as it changes.
 */
export function GenerationProgress({ running }: { running: Running }) {
  const stage = GENERATION_STAGE_LABELS[running.stage];
  // A sliver shows at once: the work has started even before the first answer.
  const shown = Math.max(running.progress, 4);
  return (
    <div className="rounded-2xl bg-brand-50 p-5 shadow-xs ring-1 ring-brand-200 ring-inset sm:p-6">
      <div className="flex items-center gap-3 text-brand-700">
        <Spinner label={null} />
        <p className="text-sm font-semibold text-brand-900 sm:text-base">
          {AI_CAMPAIGN_TEXTS.loading}
        </p>
      </div>
      <ProgressTrack
        className="mt-4"
        label={running.kind === 'refine' ? 'Refining your campaign' : 'Generating your campaign'}
        valueText={`${running.progress}%, ${stage}`}
        value={{ now: running.progress, max: 100 }}
        fill={{
          className: 'transition-[width] duration-700 ease-out motion-reduce:transition-none',
          style: { width: `${shown}%` },
        }}
      />
      <div className="mt-2 flex items-baseline justify-between gap-3 text-sm">
        <p role="status" className="text-slate-700">
          {stage}
        </p>
        <span aria-hidden="true" className="text-slate-500 tabular-nums">
          {`${running.progress}%`}
        </span>
      </div>
      {running.reconnecting ? (
        <p className="mt-2 text-sm text-amber-800">{GENERATOR_TEXTS.reconnecting}</p>
      ) : null}
    </div>
  );
}
