import { platformName, PLATFORM_IDS, type PlatformId } from '#shared/domain/tiers';
import { Checkbox } from '#web/components/checkbox';
import { PlatformIcon } from '#web/components/platform-icon';

interface MediaPlatformsFieldProps {
  /** What can be ticked: the campaign's platforms, and any the asset already names. */
  offered: readonly PlatformId[];
  value: readonly PlatformId[];
  onChange: (platforms: PlatformId[]) => void;
  disabled?: boolean;
}

/** Which of the campaign's platforms a media file is for (posts there can use it). */
export function MediaPlatformsField({
  offered,
  value,
  onChange,
  disabled,
}: MediaPlatformsFieldProps) {
  const platforms = PLATFORM_IDS.filter((platform) => offered.includes(platform));
  return (
    <fieldset disabled={disabled}>
      <legend className="text-sm font-medium text-slate-800">Platforms</legend>
      {platforms.length ? (
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {platforms.map((platform) => (
            <Checkbox
              key={platform}
              className="items-center"
              checked={value.includes(platform)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? PLATFORM_IDS.filter((id) => id === platform || value.includes(id))
                    : value.filter((id) => id !== platform),
                )
              }
              label={
                <span className="inline-flex items-center gap-2">
                  <PlatformIcon platform={platform} size="sm" />
                  {platformName(platform)}
                </span>
              }
            />
          ))}
        </div>
      ) : (
        <p className="mt-1 text-sm text-slate-500">
          The campaign has no platforms yet. Choose them on the campaign to assign media to them.
        </p>
      )}
    </fieldset>
  );
}
