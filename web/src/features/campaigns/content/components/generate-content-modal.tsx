import clsx from 'clsx';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Campaign } from '#shared/contract/campaigns';
import type { ContentGeneration, GenerateContentBody } from '#shared/contract/content';
import type { CampaignStatus } from '#shared/domain/campaigns';
import { CONTENT_TEXTS } from '#shared/domain/content';
import { platformName, type PlatformId } from '#shared/domain/tiers';
import { Alert } from '#web/components/alert';
import { Button } from '#web/components/button';
import { Checkbox } from '#web/components/checkbox';
import { FormModal } from '#web/components/form-modal';
import { PlatformIcon } from '#web/components/platform-icon';
import { CONTENT_SCREEN_TEXTS } from '#web/components/content-texts';
import { GenerationProgress } from './generation-progress';

interface GenerateContentModalProps {
  campaign: Campaign;
  /** The platforms with a connected account. */
  connected: ReadonlySet<PlatformId>;
  /** The signed-in user can get texts (a verified phone). */
  phoneVerified: boolean;
  /** What the plan leaves today ("2 of 5 AI generations left today"), when known. */
  usageText?: string;
  starting: boolean;
  running: boolean;
  generation: ContentGeneration | undefined;
  onGenerate: (body: GenerateContentBody) => void;
  /** 'Activate campaign': true once the campaign is active. */
  onActivate: () => Promise<boolean>;
  activating: boolean;
  onClose: () => void;
}

/** What a campaign that is not active is, and that activating it is the way on. */
const NOT_ACTIVE_TEXTS: Record<Exclude<CampaignStatus, 'active'>, string> = {
  draft: CONTENT_SCREEN_TEXTS.draftCampaign,
  paused: CONTENT_SCREEN_TEXTS.pausedCampaign,
  completed: CONTENT_SCREEN_TEXTS.completedCampaign,
};

/**
 * 'Generate Content': a platform of the campaign (those not connected are shown, disabled; a
 * campaign's only platform is chosen), the text-me checkbox (on), then the generation's progress
 * until it succeeds or fails. On a campaign that is not active (a new campaign is a draft) the
 * dialog says so and offers 'Activate campaign' where it stands, then lets the owner generate:
 * focus moves to Generate (or to the platforms, when one is still to choose).
 */
export function GenerateContentModal({
  campaign,
  connected,
  phoneVerified,
  usageText,
  starting,
  running,
  generation,
  onGenerate,
  onActivate,
  activating,
  onClose,
}: GenerateContentModalProps) {
  const radioId = useId();
  const [chosen, setPlatform] = useState<PlatformId | null>(null);
  const [sendNotification, setSendNotification] = useState(true);
  const busy = starting || running;
  const active = campaign.status === 'active';
  // A campaign on one platform (connected) has no choice to make.
  const [only] = campaign.platforms;
  const platform =
    chosen ?? (campaign.platforms.length === 1 && only && connected.has(only) ? only : null);

  const submitRef = useRef<HTMLButtonElement>(null);
  const platformsRef = useRef<HTMLFieldSetElement>(null);
  const [activated, setActivated] = useState(false);
  // Once the campaign reads active, the Activate button is gone: focus goes where the owner is next.
  useEffect(() => {
    if (!activated || !active) return;
    setActivated(false);
    if (platform) submitRef.current?.focus();
    else platformsRef.current?.querySelector<HTMLInputElement>('input:enabled')?.focus();
  }, [activated, active, platform]);

  return (
    <FormModal
      onClose={onClose}
      busy={starting}
      title={CONTENT_TEXTS.generate}
      description="The AI writes one post for the platform you choose. It waits as a draft for your approval."
      dismissLabel={running ? 'Close' : CONTENT_SCREEN_TEXTS.cancel}
      submitLabel={busy ? CONTENT_SCREEN_TEXTS.generating : 'Generate'}
      submitDisabled={!platform || running || !active}
      submitRef={submitRef}
      onSubmit={() => {
        if (platform && active && !busy) onGenerate({ platform, sendNotification });
      }}
      formClassName="space-y-5"
      noValidate
    >
      {campaign.status !== 'active' ? (
        <Alert
          tone="warning"
          action={
            <Button
              variant="secondary"
              size="sm"
              loading={activating}
              onClick={() => {
                void onActivate().then((done) => setActivated(done));
              }}
            >
              {CONTENT_SCREEN_TEXTS.activate}
            </Button>
          }
        >
          {NOT_ACTIVE_TEXTS[campaign.status]}
        </Alert>
      ) : null}
      <fieldset ref={platformsRef} disabled={busy}>
        <legend className="text-sm font-medium text-slate-800">Platform</legend>
        {usageText ? <p className="mt-0.5 text-sm text-slate-500">{usageText}</p> : null}
        <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
          {campaign.platforms.map((id) => {
            const isAvailable = connected.has(id);
            const inputId = `${radioId}-${id}`;
            return (
              <label
                key={id}
                htmlFor={inputId}
                className={clsx(
                  'flex items-center gap-3 rounded-xl border p-3 text-sm transition-colors',
                  !isAvailable
                    ? 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-400'
                    : platform === id
                      ? 'cursor-pointer border-brand-500 bg-brand-50 ring-1 ring-brand-500'
                      : 'cursor-pointer border-slate-200 hover:border-slate-300',
                )}
              >
                <input
                  id={inputId}
                  type="radio"
                  name="platform"
                  value={id}
                  checked={platform === id}
                  disabled={!isAvailable}
                  onChange={() => setPlatform(id)}
                  aria-describedby={isAvailable ? undefined : `${inputId}-note`}
                  className="size-4 accent-brand-600"
                />
                <PlatformIcon
                  platform={id}
                  size="sm"
                  className={clsx(!isAvailable && 'opacity-50')}
                />
                <span className="min-w-0 flex-1">
                  <span className={clsx('block font-medium', isAvailable && 'text-slate-900')}>
                    {platformName(id)}
                  </span>
                  {isAvailable ? null : (
                    <span id={`${inputId}-note`} className="block text-xs">
                      {CONTENT_SCREEN_TEXTS.notConnected}
                    </span>
                  )}
                </span>
              </label>
            );
          })}
        </div>
        {campaign.platforms.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">{CONTENT_SCREEN_TEXTS.emptyNoPlatforms}</p>
        ) : null}
      </fieldset>
      <Checkbox
        label={CONTENT_SCREEN_TEXTS.notify}
        checked={sendNotification}
        onChange={(event) => setSendNotification(event.target.checked)}
        disabled={busy}
        description={
          phoneVerified ? undefined : (
            <>
              Verify your phone in{' '}
              <Link to="/profile" className="font-medium text-brand-700 underline">
                Settings
              </Link>{' '}
              to get a text
            </>
          )
        }
      />
      {running ? <GenerationProgress generation={generation} label="Generating content" /> : null}
    </FormModal>
  );
}
