import clsx from 'clsx';
import type { GeneratingPost } from '#shared/contract/content';
import { platformName } from '#shared/domain/tiers';
import { Badge } from '#web/components/badge';
import { cardClasses } from '#web/components/card';
import { PlatformIcon } from '#web/components/platform-icon';
import { CONTENT_SCREEN_TEXTS } from '#web/components/content-texts';
import { GenerationProgress } from './generation-progress';

/**
 * A new post the AI is writing, where its card will stand: its platform and the generation's
 * stage, until the post is written (in this tab, another, or before a reload).
 */
export function GeneratingCard({
  generating,
}: {
  /** The generation, as last answered; `stage` and `progress` from its poll when it is this tab's. */
  generating: Pick<GeneratingPost, '_id' | 'platform'> &
    Partial<Pick<GeneratingPost, 'stage' | 'progress'>>;
}) {
  const name = platformName(generating.platform);
  const headingId = `generating-${generating._id}-title`;
  const progress =
    generating.stage === undefined || generating.progress === undefined
      ? undefined
      : { stage: generating.stage, progress: generating.progress };
  return (
    <li
      className={clsx(cardClasses, 'p-4 sm:p-5')}
      aria-labelledby={headingId}
      data-testid="generating-post"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <PlatformIcon platform={generating.platform} size="sm" />
          {`${name} post`}
        </h3>
        <Badge tone="brand">{CONTENT_SCREEN_TEXTS.generatingBadge}</Badge>
      </div>
      <GenerationProgress generation={progress} label={CONTENT_SCREEN_TEXTS.generatingPost(name)} />
    </li>
  );
}
