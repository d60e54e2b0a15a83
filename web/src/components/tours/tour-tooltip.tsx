import { useEffect, useId, type KeyboardEvent } from 'react';
import type { TooltipRenderProps } from 'react-joyride';
import { buttonClasses } from '../button';

/**
 * A step's tooltip in the app's own look: a dialog named by the step's title and described by its
 * text (what a screen reader says as focus lands on its main button), with Skip, Back and Next
 * ("Next (2 of 5)", 'Finished' on the last step). Escape skips the tour.
 */
export function TourTooltip({
  index,
  isLastStep,
  step,
  controls,
  backProps,
  skipProps,
  primaryProps,
}: TooltipRenderProps) {
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') controls.skip();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [controls]);

  // The library keeps Tab inside the tooltip; a dialog open behind it (the phone menu) must not
  // pull focus back into itself.
  const keepTab = (event: KeyboardEvent) => {
    if (event.key === 'Tab') event.stopPropagation();
  };

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onKeyDown={keepTab}
      data-tour-step={index}
      className="rounded-2xl bg-white p-5 text-left shadow-xl ring-1 ring-slate-900/10"
      style={{ width: `min(${String(step.width ?? 380)}px, calc(100vw - 24px))` }}
    >
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        {step.title}
      </h2>
      <div id={textId} className="mt-2 space-y-2 text-sm leading-6 text-slate-600">
        {step.content}
      </div>
      <div className="mt-5 flex flex-wrap items-center justify-end gap-2">
        {isLastStep ? null : (
          <button
            type="button"
            data-action={skipProps['data-action']}
            onClick={skipProps.onClick}
            className={buttonClasses({ variant: 'ghost', size: 'sm' }) + ' mr-auto'}
          >
            {skipProps['aria-label']}
          </button>
        )}
        {index > 0 ? (
          <button
            type="button"
            data-action={backProps['data-action']}
            onClick={backProps.onClick}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            {backProps['aria-label']}
          </button>
        ) : null}
        <button
          type="button"
          data-action={primaryProps['data-action']}
          onClick={primaryProps.onClick}
          className={buttonClasses({ size: 'sm' })}
        >
          {primaryProps['aria-label']}
        </button>
      </div>
    </div>
  );
}
