import { Link } from 'react-router';
import type { UseFormReturn } from 'react-hook-form';
import { platformName, PLATFORM_IDS, type PlatformId } from '#shared/domain/tiers';
import { Button } from '#web/components/button';
import { Checkbox } from '#web/components/checkbox';
import { IconArrowRight, IconLink } from '#web/components/icons';
import { PlatformIcon } from '#web/components/platform-icon';
import { Skeleton } from '#web/components/skeleton';
import { CAMPAIGN_SCREEN_TEXTS } from '../messages';
import type { CampaignFormInput, CampaignFormValues } from '../schemas';

export interface ConnectedPlatform {
  platform: PlatformId;
  needsReconnection: boolean;
}

interface PlatformsFieldProps {
  form: UseFormReturn<CampaignFormInput, unknown, CampaignFormValues>;
  /** The company's connected platforms; undefined while they load. */
  connected: readonly ConnectedPlatform[] | undefined;
  /** The platforms the campaign had when the form opened (a disconnected one stays offered). */
  initial: readonly PlatformId[];
  /** The company's Platforms section. */
  platformsPath: string;
  /** The connected platforms could not be read (toasted); offers to read them again. */
  loadFailed?: boolean;
  onRetry?: () => void;
}

/**
 * Platforms as checkboxes built from the connected ones; a platform the campaign already has but
 * is no longer connected stays, marked so. With none connected, a notice leads to Platforms.
 */
export function PlatformsField({
  form,
  connected,
  initial,
  platformsPath,
  loadFailed = false,
  onRetry,
}: PlatformsFieldProps) {
  const { register, formState } = form;
  const error = formState.errors.platforms?.message;
  const errorId = 'campaign-platforms-error';

  if (loadFailed && initial.length === 0) {
    return (
      <div>
        <p className="text-sm font-medium text-slate-800">Platforms</p>
        <div className="mt-2 flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900 sm:flex-row sm:items-center">
          <p className="flex-1">The connected platforms could not be loaded.</p>
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Try again
          </Button>
        </div>
      </div>
    );
  }

  if (connected === undefined) {
    return (
      <div>
        <p className="text-sm font-medium text-slate-800">Platforms</p>
        <p role="status" className="sr-only">
          Loading connected platforms
        </p>
        <div aria-hidden="true" className="mt-3 flex gap-6">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-5 w-28" />
        </div>
      </div>
    );
  }

  const offered = PLATFORM_IDS.filter(
    (platform) =>
      initial.includes(platform) || connected.some((item) => item.platform === platform),
  );

  if (offered.length === 0) {
    return (
      <div>
        <p className="text-sm font-medium text-slate-800">Platforms</p>
        <div className="mt-2 flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center">
          <IconLink aria-hidden="true" className="hidden size-5 shrink-0 text-amber-600 sm:block" />
          <p className="flex-1">
            {CAMPAIGN_SCREEN_TEXTS.noPlatformsConnected} The campaign can be saved without one; its
            posts need a connected platform to go out.
          </p>
          <Link
            to={platformsPath}
            className="inline-flex items-center gap-1 self-start rounded font-semibold text-amber-900 underline hover:text-amber-950 sm:self-auto"
          >
            {CAMPAIGN_SCREEN_TEXTS.connectPlatforms}
            <IconArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </div>
    );
  }

  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">Platforms</legend>
      <p className="mt-0.5 text-sm text-slate-500">
        Where this campaign's posts go.{' '}
        <Link to={platformsPath} className="font-medium text-brand-700 hover:underline">
          Manage platforms
        </Link>
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-x-8">
        {offered.map((platform) => {
          const account = connected.find((item) => item.platform === platform);
          const note = !account
            ? 'Not connected: connect it again, or untick it'
            : account.needsReconnection
              ? 'Needs reconnection before it can post'
              : undefined;
          return (
            <Checkbox
              key={platform}
              value={platform}
              label={
                <span className="inline-flex items-center gap-2">
                  <PlatformIcon platform={platform} size="sm" />
                  {platformName(platform)}
                </span>
              }
              description={note}
              className="items-center"
              {...register('platforms')}
            />
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
