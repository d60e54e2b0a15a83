import toast, { type Toast } from 'react-hot-toast';
import { CONTENT_SCREEN_TEXTS, UNDO_WINDOW_MS } from '#web/components/content-texts';

function UndoToastBody({
  toastId,
  message,
  onUndo,
}: {
  toastId: Toast['id'];
  message: string;
  onUndo: () => void;
}) {
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span>{message}</span>
      <button
        type="button"
        className="shrink-0 rounded-md px-2 py-1 font-semibold text-brand-700 underline-offset-2 hover:bg-brand-50 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        onClick={() => {
          toast.dismiss(toastId);
          onUndo();
        }}
      >
        {CONTENT_SCREEN_TEXTS.undo}
      </button>
    </span>
  );
}

/** A review's success toast, offering Undo for UNDO_WINDOW_MS (pressing it closes the toast). */
export const toastWithUndo = (message: string, onUndo: () => void): string =>
  toast.success((shown) => <UndoToastBody toastId={shown.id} message={message} onUndo={onUndo} />, {
    duration: UNDO_WINDOW_MS,
  });
