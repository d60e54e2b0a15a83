import clsx from 'clsx';
import { useId } from 'react';
import type { MediaAsset } from '#shared/contract/media';
import { CONTENT_TEXTS, contentImageLimit } from '#shared/domain/content';
import type { PlatformId } from '#shared/domain/tiers';
import { IconCheck, IconClose } from '#web/components/icons';
import { CONTENT_SCREEN_TEXTS } from './content-texts';

/** The campaign's images a post on this platform may carry (assigned to that platform). */
export const imagesFor = (assets: readonly MediaAsset[], platform: PlatformId): MediaAsset[] =>
  assets.filter((asset) => asset.type === 'image' && asset.platforms.includes(platform));

/**
 * The selection after a click on an image: a selected one leaves; another joins while there is
 * room (a single-image platform swaps its one image).
 */
export const toggleImage = (selected: readonly string[], id: string, limit: number): string[] => {
  if (selected.includes(id)) return selected.filter((item) => item !== id);
  if (limit <= 1) return [id];
  return selected.length < limit ? [...selected, id] : [...selected];
};

interface ImagePickerProps {
  platform: PlatformId;
  assets: readonly MediaAsset[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  /** Why the chosen images were refused (the server's words), shown under them. */
  error?: string;
}

/**
 * The images of a post: the campaign's images for its platform, picked by a click (again to drop
 * one), numbered in the order they will appear, at most the platform's limit.
 */
export function ImagePicker({
  platform,
  assets,
  value,
  onChange,
  disabled,
  error,
}: ImagePickerProps) {
  const errorId = useId();
  const offered = imagesFor(assets, platform);
  const limit = contentImageLimit(platform);
  const full = limit > 1 && value.length >= limit;
  const limitText =
    limit === 1 ? 'One image per post on this platform.' : `Up to ${limit} images per post.`;

  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">
        {CONTENT_SCREEN_TEXTS.imagesLegend}
      </legend>
      {offered.length === 0 ? (
        <p className="mt-1.5 text-sm text-slate-500">{CONTENT_TEXTS.noImages}</p>
      ) : (
        <>
          <p className="mt-0.5 text-sm text-slate-500" aria-live="polite">
            {`${limitText} ${value.length} selected.`}
          </p>
          <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4">
            {offered.map((asset) => {
              const order = value.indexOf(asset._id);
              const selected = order >= 0;
              const name = asset.description || asset.fileName;
              return (
                <li key={asset._id} className="relative">
                  <button
                    type="button"
                    aria-pressed={selected}
                    aria-label={selected ? `${name} (image ${order + 1})` : name}
                    disabled={disabled || (!selected && full)}
                    onClick={() => onChange(toggleImage(value, asset._id, limit))}
                    className={clsx(
                      'relative block aspect-square w-full overflow-hidden rounded-lg ring-2 transition',
                      'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                      'disabled:cursor-not-allowed disabled:opacity-50',
                      selected ? 'ring-brand-600' : 'ring-transparent hover:ring-slate-300',
                    )}
                  >
                    <img
                      src={asset.thumbnailUrl ?? asset.url}
                      alt=""
                      loading="lazy"
                      className="size-full bg-slate-100 object-cover"
                    />
                    {selected ? (
                      <span
                        aria-hidden="true"
                        className="absolute top-1 left-1 inline-flex size-6 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white"
                      >
                        {limit === 1 ? <IconCheck className="size-3.5" /> : order + 1}
                      </span>
                    ) : null}
                  </button>
                  {selected ? (
                    <button
                      type="button"
                      aria-label={`Remove ${name}`}
                      disabled={disabled}
                      onClick={() => onChange(value.filter((id) => id !== asset._id))}
                      className="absolute top-1 right-1 inline-flex size-6 items-center justify-center rounded-full bg-white/90 text-slate-700 shadow hover:bg-white hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                    >
                      <IconClose aria-hidden="true" className="size-3.5" />
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
