import clsx from 'clsx';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Campaign } from '#shared/contract/campaigns';
import type { ContentGeneration, GenerateContentBody } from '#shared/contract/content';
import { CONTENT_MESSAGES, CONTENT_TEXTS } from '#shared/domain/content';
import { platformName, type PlatformId } from '#shared/domain/tiers';
import { Alert } from '#web/components/alert';
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
  onClose: () => void;
}

/**
 * 'Generate Content': a platform of the campaign (those not connected are shown, disabled), the
 * text-me checkbox (on), then the generation's progress until it succeeds or fails.
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
  onClose,
}: GenerateContentModalProps) {
  const radioId = useId();
  const [platform, setPlatform] = useState<PlatformId | null>(null);
  const [sendNotification, setSendNotification] = useState(true);
  const busy = starting || running;

  return (
    <FormModal
      onClose={onClose}
      busy={starting}
      title={CONTENT_TEXTS.generate}
      description="The AI writes one post for the platform you choose. It waits as a draft for your approval."
      dismissLabel={running ? 'Close' : CONTENT_SCREEN_TEXTS.cancel}
      submitLabel={busy ? CONTENT_SCREEN_TEXTS.generating : 'Generate'}
      submitDisabled={!platform || running}
      onSubmit={() => {
        if (platform && !busy) onGenerate({ platform, sendNotification });
      }}
      formClassName="space-y-5"
      noValidate
    >
      {campaign.status !== 'active' ? (
        <Alert tone="warning">{CONTENT_MESSAGES.campaignNotActive}</Alert>
      ) : null}
      <fieldset disabled={busy}>
        <legend className="text-sm font-medium text-slate-800">Platform</legend>
        {usageText ? <p className="mt-0.5 text-sm text-slate-500">{usageText}</p> : null}
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {campaign.platforms.map((id) => {
            const available = connected.has(id);
            const inputId = `${radioId}-${id}`;
            return (
              <label
                key={id}
                htmlFor={inputId}
                className={clsx(
                  'flex items-center gap-3 rounded-xl border p-3 text-sm transition-colors',
                  !available
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
                  disabled={!available}
                  onChange={() => setPlatform(id)}
                  aria-describedby={available ? undefined : `${inputId}-note`}
                  className="size-4 accent-brand-600"
                />
                <PlatformIcon
                  platform={id}
                  size="sm"
                  className={clsx(!available && 'opacity-50')}
                />
                <span className="min-w-0 flex-1">
                  <span className={clsx('block font-medium', available && 'text-slate-900')}>
                    {platformName(id)}
                  </span>
                  {available ? null : (
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
