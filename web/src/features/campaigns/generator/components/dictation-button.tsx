import clsx from 'clsx';
import { IconMicrophone, IconStop } from './generator-icons';

/**
 * The voice dictation toggle of a text field: 'Dictate' starts listening (the words are added
 * after what is typed), 'Stop' ends it. `subject` names the field for screen readers.
 */
export function DictationButton({
  listening,
  onToggle,
  subject,
  disabled,
}: {
  listening: boolean;
  onToggle: () => void;
  subject: string;
  disabled?: boolean;
}) {
  const Icon = listening ? IconStop : IconMicrophone;
  return (
    <>
      <button
        type="button"
        onClick={onToggle}
        disabled={disabled}
        aria-pressed={listening}
        aria-label={listening ? `Stop dictating ${subject}` : `Dictate ${subject}`}
        className={clsx(
          'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          'disabled:cursor-not-allowed disabled:opacity-50',
          listening
            ? 'bg-red-50 text-red-700 ring-1 ring-red-200 ring-inset hover:bg-red-100'
            : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
        )}
      >
        {listening ? (
          <span aria-hidden="true" className="relative flex size-2">
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-red-400 opacity-75 motion-reduce:animate-none" />
            <span className="relative inline-flex size-2 rounded-full bg-red-500" />
          </span>
        ) : null}
        <Icon aria-hidden="true" className="size-4" />
        <span>{listening ? 'Stop' : 'Dictate'}</span>
      </button>
      <span role="status" className="sr-only">
        {listening ? 'Listening…' : ''}
      </span>
    </>
  );
}
