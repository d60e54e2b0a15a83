import type { ContentGeneration } from '#shared/contract/content';
import { CONTENT_GENERATION_STAGE_LABELS } from '#shared/domain/content';
import { ProgressTrack } from '#web/components/progress-bar';

/**
 * A content generation's bar and stage ("Writing your post…"), announced politely as it moves;
 * 'Getting ready…' until the first answer.
 */
export function GenerationProgress({
  generation,
  label,
  className,
}: {
  /** Where it is (a poll's answer, or the list's); undefined until the first answer. */
  generation: Pick<ContentGeneration, 'stage' | 'progress'> | undefined;
  /** What the bar is for ("Generating content"). */
  label: string;
  className?: string;
}) {
  const stage = CONTENT_GENERATION_STAGE_LABELS[generation?.stage ?? 'queued'];
  const percent = Math.max(5, Math.min(100, generation?.progress ?? 0));
  return (
    <div className={className}>
      <ProgressTrack
        label={label}
        valueText={stage}
        value={{ now: percent, max: 100 }}
        fill={{ className: 'transition-[width] duration-500', style: { width: `${percent}%` } }}
      />
      <p role="status" className="mt-2 text-sm font-medium text-brand-700">
        {stage}
      </p>
    </div>
  );
}
