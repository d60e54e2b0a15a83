import { IconClose, IconWarning } from './icons';

/** A file that was not added, and why, in the owner's words. */
export interface FileRefusal {
  fileName: string;
  reason: string;
}

/**
 * The files a drop zone or a picker refused, each with why ('Maximum 5 files allowed'…); shown
 * until dismissed or the next choice.
 */
export function FileRefusals({
  refusals,
  onDismiss,
}: {
  refusals: readonly FileRefusal[];
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
