import { Button } from '#web/components/button';
import { IconArrowLeft, IconArrowRight } from '#web/components/icons';

interface PagerProps {
  /** The first item shown, counted from 0. */
  skip: number;
  shown: number;
  /** How many there are in all, when the list counts them. */
  total?: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  /** A page is loading: the buttons wait. */
  busy?: boolean;
}

/** "Showing 11–20 of 23" (or "Showing 11–20" for a list that is not counted) with Previous and Next. */
export function Pager({
  skip,
  shown,
  total,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
  busy = false,
}: PagerProps) {
  const of = total === undefined ? '' : ` of ${total.toLocaleString('en-US')}`;
  const range =
    shown === 0
      ? `Showing 0${of}`
      : `Showing ${(skip + 1).toLocaleString('en-US')}–${(skip + shown).toLocaleString('en-US')}${of}`;
  return (
    <nav
      aria-label="Pagination"
      className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row"
    >
      <p className="text-sm text-slate-600 tabular-nums" aria-live="polite">
        {range}
      </p>
      {hasPrevious || hasNext ? (
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={onPrevious}
            disabled={!hasPrevious || busy}
          >
            <IconArrowLeft aria-hidden="true" className="size-4" />
            Previous
          </Button>
          <Button variant="secondary" size="sm" onClick={onNext} disabled={!hasNext || busy}>
            Next
            <IconArrowRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
