import clsx from 'clsx';
import { useId, useState } from 'react';
import { Button } from '#web/components/button';
import { Modal } from '#web/components/modal';
import { isEmptyChange, type DraftChange } from '../draft-changes';
import { COMPANY_FIELD_LABELS } from '../messages';

interface DraftReviewDialogProps {
  /** The fields the draft would change; the dialog is open while there are some. */
  changes: readonly DraftChange[] | null;
  /** The site the suggestions come from, as the owner knows it ("harbor.coffee"). */
  host: string;
  onCancel: () => void;
  onApply: (chosen: DraftChange[]) => void;
}

/**
 * 'Fill from website' on a form the owner has already written in: each field that would change,
 * what it says now beside the suggestion, with a tick per field. Empty fields are ticked; the
 * owner's own words are kept unless they tick them.
 */
export function DraftReviewDialog({ changes, ...props }: DraftReviewDialogProps) {
  // Mounted per review, so the ticks start afresh each time.
  return changes?.length ? <Review changes={changes} {...props} /> : null;
}

function Review({
  changes,
  host,
  onCancel,
  onApply,
}: Omit<DraftReviewDialogProps, 'changes'> & { changes: readonly DraftChange[] }) {
  const [chosen, setChosen] = useState(
    () => new Set(changes.filter(isEmptyChange).map((change) => change.field)),
  );
  const toggle = (field: DraftChange['field']) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(field)) next.delete(field);
      else next.add(field);
      return next;
    });

  return (
    <Modal
      open
      onClose={onCancel}
      size="lg"
      title={`Suggestions from ${host}`}
      description="Tick what you'd like to fill in. Anything you leave unticked stays as it is."
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={() => onApply(changes.filter((change) => chosen.has(change.field)))}>
            Apply selected
          </Button>
        </>
      }
    >
      <ul className="divide-y divide-slate-100">
        {changes.map((change) => (
          <ChangeRow
            key={change.field}
            change={change}
            checked={chosen.has(change.field)}
            onToggle={() => toggle(change.field)}
          />
        ))}
      </ul>
    </Modal>
  );
}

function ChangeRow({
  change,
  checked,
  onToggle,
}: {
  change: DraftChange;
  checked: boolean;
  onToggle: () => void;
}) {
  const id = useId();
  return (
    <li className="py-4 first:pt-1">
      <div className="flex items-center gap-2.5">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={onToggle}
          aria-describedby={`${id}-compare`}
          className="size-4 shrink-0 rounded border-slate-300 accent-brand-600"
        />
        <label htmlFor={id} className="text-sm font-semibold text-slate-900 select-none">
          {COMPANY_FIELD_LABELS[change.field]}
        </label>
      </div>
      <dl id={`${id}-compare`} className="mt-2.5 grid grid-cols-1 gap-2.5 pl-6.5 sm:grid-cols-2">
        <div className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset">
          <dt className="text-xs font-medium text-slate-500">Now</dt>
          <dd className="mt-1">
            <Value change={change} which="current" />
          </dd>
        </div>
        <div
          className={clsx(
            'rounded-lg p-3 ring-1 ring-inset',
            checked ? 'bg-brand-50/70 ring-brand-200' : 'bg-white ring-slate-200',
          )}
        >
          <dt className="text-xs font-medium text-slate-500">Suggested</dt>
          <dd className="mt-1">
            <Value change={change} which="suggested" />
          </dd>
        </div>
      </dl>
    </li>
  );
}

function Value({ change, which }: { change: DraftChange; which: 'current' | 'suggested' }) {
  if (change.field === 'brandColors') {
    const colors = change[which];
    if (!colors.length) return <Empty />;
    return (
      <ul className="flex flex-wrap gap-x-3 gap-y-1.5">
        {colors.map((color) => (
          <li key={color} className="flex items-center gap-1.5 font-mono text-xs text-slate-700">
            <span
              aria-hidden="true"
              className="size-4 rounded ring-1 ring-slate-900/10 ring-inset"
              style={{ backgroundColor: color }}
            />
            {color}
          </li>
        ))}
      </ul>
    );
  }
  const text = change[which].trim();
  if (!text) return <Empty />;
  return <p className="text-sm break-words whitespace-pre-line text-slate-800">{text}</p>;
}

const Empty = () => <p className="text-sm text-slate-400 italic">Empty</p>;
