import clsx from 'clsx';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '#web/components/alert';
import { Button } from '#web/components/button';
import { Modal } from '#web/components/modal';
import { RetryAlert } from '#web/components/retry-alert';
import { Spinner } from '#web/components/spinner';

/** One Page offered after consent, as the picker shows it. */
export interface PageOption {
  id: string;
  name: string;
  pictureUrl: string | null;
  /** What the company would post as (the Instagram account linked to the Page), when it differs. */
  detail: string | null;
  /** Why this Page cannot be chosen, in the server's words (no linked professional account). */
  unavailable: string | null;
}

/** What the list of Pages is now: on its way, refused (the server's words), or there. */
export type PageListState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string; canRetry: boolean }
  | { kind: 'ready'; pages: readonly PageOption[]; emptyMessage: string };

interface PagePickerProps {
  title: string;
  description: string;
  list: PageListState;
  onRetry: () => void;
  /** Connects the chosen Page; the dialog stays busy until it answers. */
  onChoose: (pageId: string) => void;
  choosing: boolean;
  /** Why the last choice was refused, in the server's words. */
  chooseError: string | null;
  onClose: () => void;
}

function PagePicture({ page }: { page: PageOption }) {
  const [failed, setFailed] = useState(false);
  if (page.pictureUrl && !failed) {
    return (
      <img
        src={page.pictureUrl}
        alt=""
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className="size-10 shrink-0 rounded-full bg-slate-100 object-cover ring-1 ring-slate-200"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-sm font-semibold text-slate-600"
    >
      {page.name.charAt(0).toUpperCase()}
    </span>
  );
}

/**
 * After Facebook's consent: the Pages the person manages, one to choose, as radio buttons (the
 * arrow keys move between them, Space chooses). A Page that cannot be used says why beside it.
 */
export function PagePicker({
  title,
  description,
  list,
  onRetry,
  onChoose,
  choosing,
  chooseError,
  onClose,
}: PagePickerProps) {
  const name = useId();
  const legendId = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const pages = list.kind === 'ready' ? list.pages : [];
  const choosable = pages.filter((page) => page.unavailable === null);
  // One usable Page is chosen for the owner; several wait for a choice.
  const selected = chosen ?? (choosable.length === 1 ? choosable[0]!.id : null);
  const listRef = useRef<HTMLUListElement>(null);
  const ready = list.kind === 'ready';
  useEffect(() => {
    // The Pages arrive after the dialog opened (on Cancel): the choice takes the focus, as the
    // dialog gives it on opening, so the arrow keys work at once.
    if (!ready) return;
    const radios = listRef.current?.querySelectorAll<HTMLInputElement>('input:not(:disabled)');
    const radio = [...(radios ?? [])].find((input) => input.checked) ?? radios?.[0];
    radio?.focus();
  }, [ready]);

  let body;
  if (list.kind === 'loading') {
    body = (
      <div className="flex justify-center py-10 text-brand-600">
        <Spinner label="Loading your Pages" size="lg" />
      </div>
    );
  } else if (list.kind === 'failed') {
    body = <RetryAlert onRetry={list.canRetry ? onRetry : undefined}>{list.message}</RetryAlert>;
  } else if (pages.length === 0) {
    body = <Alert tone="warning">{list.emptyMessage}</Alert>;
  } else {
    body = (
      <fieldset aria-labelledby={legendId} disabled={choosing}>
        <legend id={legendId} className="sr-only">
          {title}
        </legend>
        <ul ref={listRef} className="space-y-2">
          {pages.map((page) => {
            const unavailable = page.unavailable !== null;
            const nameId = `${name}-${page.id}-name`;
            const noteId = `${name}-${page.id}-note`;
            return (
              <li key={page.id}>
                <label
                  className={clsx(
                    'flex items-center gap-3 rounded-xl border p-3 transition-colors',
                    unavailable
                      ? 'cursor-not-allowed border-slate-200 bg-slate-50'
                      : 'cursor-pointer border-slate-200 hover:border-brand-300 has-checked:border-brand-500 has-checked:bg-brand-50/60 has-focus-visible:outline-2 has-focus-visible:outline-brand-600',
                  )}
                >
                  <input
                    type="radio"
                    name={name}
                    value={page.id}
                    checked={selected === page.id}
                    onChange={() => setChosen(page.id)}
                    disabled={unavailable}
                    // Named by the Page alone; what it posts as, or why not, is its description.
                    aria-labelledby={nameId}
                    aria-describedby={unavailable || page.detail ? noteId : undefined}
                    className="size-4 shrink-0 accent-brand-600 focus:outline-none"
                  />
                  <PagePicture page={page} />
                  <span className="min-w-0 flex-1">
                    <span
                      id={nameId}
                      className={clsx(
                        'block truncate text-sm font-medium',
                        unavailable ? 'text-slate-600' : 'text-slate-900',
                      )}
                    >
                      {page.name}
                    </span>
                    {unavailable || page.detail ? (
                      <span
                        id={noteId}
                        className={clsx(
                          'block text-sm',
                          unavailable ? 'text-amber-800' : 'truncate text-slate-600',
                        )}
                      >
                        {page.unavailable ?? page.detail}
                      </span>
                    ) : null}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      busy={choosing}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={choosing}>
            Cancel
          </Button>
          {list.kind === 'ready' && choosable.length > 0 ? (
            <Button
              onClick={() => selected && onChoose(selected)}
              disabled={selected === null}
              loading={choosing}
            >
              {choosing ? 'Connecting...' : 'Connect'}
            </Button>
          ) : null}
        </>
      }
    >
      <div className="space-y-4">
        {chooseError ? <Alert tone="danger">{chooseError}</Alert> : null}
        {body}
      </div>
    </Modal>
  );
}
