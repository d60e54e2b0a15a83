import clsx from 'clsx';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface CreationTab {
  id: string;
  label: string;
  panel: ReactNode;
}

/**
 * Tabs (WAI-ARIA tabs pattern): the arrow keys, Home and End move between them and select; only
 * the selected tab is in the tab order. Every panel stays mounted (hidden when not selected), so
 * a half-filled form survives a look at the other tab.
 */
export function CreationTabs({
  label,
  tabs,
  selected,
  onSelect: setSelected,
}: {
  label: string;
  tabs: readonly CreationTab[];
  selected: string;
  onSelect: (id: string) => void;
}) {
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    setSelected(tabs[target]!.id);
    buttons.current[target]?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        data-tour="campaign-tabs"
        className="mb-6 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1"
      >
        {tabs.map((tab, index) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={active}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => setSelected(tab.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={clsx(
                'flex min-h-10 flex-col items-center justify-center gap-1 rounded-lg px-3 py-2 text-center text-sm leading-5 font-semibold transition-colors sm:flex-row sm:gap-2',
                'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
                active
                  ? 'bg-white text-slate-900 shadow-sm'
                  : 'text-slate-600 hover:bg-white/60 hover:text-slate-900',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={tab.id !== selected}
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
