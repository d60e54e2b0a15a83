import { requestTourReplay, type TourId } from '#web/lib/tours/tour-progress';
import { IconQuestion } from '../icons';

/**
 * The page header's help icon: plays the page's tour again. As tall as the title's line on a phone
 * (32 px), so the header does not grow when it appears.
 */
export function TourHelpButton({ tour }: { tour: TourId | undefined }) {
  if (!tour) return null;
  return (
    <button
      type="button"
      onClick={() => requestTourReplay(tour)}
      aria-label="Show the tour of this page"
      title="Show the tour of this page"
      data-tour="tour-help"
      className="inline-flex size-8 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-brand-700"
    >
      <IconQuestion aria-hidden="true" className="size-5" />
    </button>
  );
}
