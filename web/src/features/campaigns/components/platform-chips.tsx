import { CAMPAIGN_TEXTS } from '#shared/domain/campaigns';
import { platformName, type PlatformId } from '#shared/domain/tiers';
import { PlatformIcon } from '#web/components/platform-icon';

/** A campaign's platforms as chips with their marks, or 'None'. */
export function PlatformChips({ platforms }: { platforms: readonly PlatformId[] }) {
  if (platforms.length === 0) {
    return <span className="text-slate-500">{CAMPAIGN_TEXTS.noPlatforms}</span>;
  }
  return (
    <ul aria-label="Platforms" className="flex flex-wrap gap-2">
      {platforms.map((platform) => (
        <li
          key={platform}
          className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 py-0.5 pr-3 pl-0.5 text-sm font-medium text-slate-800 ring-1 ring-slate-200 ring-inset"
        >
          <PlatformIcon platform={platform} size="sm" className="rounded-full" />
          {platformName(platform)}
        </li>
      ))}
    </ul>
  );
}
