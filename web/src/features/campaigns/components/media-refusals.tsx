import { IconClose, IconWarning } from '#web/components/icons';
import type { MediaRefusal } from '../campaign-media-files';

/** The files a drop zone refused, each with why ('Maximum 5 files allowed'…); dismissible. */
export function MediaRefusals({
  refusals,
  onDismiss,
}: {
  refusals: MediaRefusal[];
  onDismiss: () => void;
}) {
  if (refusals.length === 0) return null;
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900"
    >
      <IconWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {refusals.length === 1 ? 'This file was not added:' : 'These files were not added:'}
        </p>
        <ul className="mt-1 space-y-0.5">
          {refusals.map((refusal, index) => (
            <li key={`${refusal.fileName}-${index}`} className="break-words">
              <span className="font-medium">{refusal.fileName}</span>: {refusal.reason}
            </li>
          ))}
        </ul>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="-m-1 inline-flex size-7 shrink-0 items-center justify-center rounded-md text-amber-700 hover:bg-amber-100"
      >
        <IconClose aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
