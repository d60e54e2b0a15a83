import clsx from 'clsx';
import { useId, type ReactNode } from 'react';
import { controlStateClasses } from './field';
import { IconCheckCircle, IconWarning } from './icons';
import { ProgressTrack } from './progress-bar';

/** Where a file's upload stands, as its row shows it and tells it to screen readers. */
export type UploadView =
  /** Chosen, not sent yet. */
  | { stage: 'chosen' }
  /**
   * Being sent: the bar (read as `valueText`) and its caption say the percent sent unless told
   * otherwise; `announcement` replaces "Uploading <name>" (e.g. once the bytes are all sent).
   */
  | {
      stage: 'sending';
      percent: number;
      valueText?: string;
      caption?: string;
      announcement?: string;
    }
  /** Ended well: 'Uploaded', 'Added'. */
  | { stage: 'done'; label: string }
  | { stage: 'failed'; error: string | undefined };

/** What a file being uploaded straight to storage holds about its upload. */
export interface FileUploadState {
  status: 'uploading' | 'uploaded' | 'failed';
  /** The share sent, 0 to 1. */
  progress: number;
  error?: string;
}

/** How the row shows a file uploaded as soon as it was chosen. */
export const uploadViewOf = ({ status, progress, error }: FileUploadState): UploadView => {
  switch (status) {
    case 'uploading':
      return { stage: 'sending', percent: Math.round(progress * 100) };
    case 'uploaded':
      return { stage: 'done', label: 'Uploaded' };
    case 'failed':
      return { stage: 'failed', error };
  }
};

/** What the live region says about a file: its stage changes, never each percent. */
const announcementOf = (fileName: string, upload: UploadView): string => {
  switch (upload.stage) {
    case 'chosen':
      return '';
    case 'sending':
      return upload.announcement ?? `Uploading ${fileName}`;
    case 'done':
      return `${fileName} ${upload.label.toLowerCase()}`;
    case 'failed':
      return `${fileName} failed to upload: ${upload.error ?? ''}`;
  }
};

/** Under the file's details: its progress, or how its upload ended. */
function UploadStatus({ fileName, upload }: { fileName: string; upload: UploadView }) {
  switch (upload.stage) {
    case 'chosen':
      return null;
    case 'sending': {
      const { percent } = upload;
      return (
        <div className="mt-2">
          <ProgressTrack
            label={`Uploading ${fileName}`}
            valueText={upload.valueText ?? `${percent}% uploaded`}
            value={{ now: percent, max: 100 }}
            fill={{ className: 'transition-[width] duration-200', style: { width: `${percent}%` } }}
          />
          <p className="mt-1 text-xs text-slate-500 tabular-nums" aria-hidden="true">
            {upload.caption ?? `Uploading… ${percent}%`}
          </p>
        </div>
      );
    }
    case 'done':
      return (
        <p className="mt-1.5 flex items-center gap-1 text-xs font-medium text-emerald-700">
          <IconCheckCircle aria-hidden="true" className="size-4" />
          {upload.label}
        </p>
      );
    case 'failed':
      return (
        <p className="mt-1.5 flex items-start gap-1 text-xs font-medium text-red-700">
          <IconWarning aria-hidden="true" className="size-4 shrink-0" />
          {upload.error}
        </p>
      );
  }
}

interface FileUploadRowProps {
  fileName: string;
  /** The file's picture or first frame (decoration: the name says what it is). */
  preview: ReactNode;
  /** Under the name: its size, and its kind where that is not plain. */
  details: ReactNode;
  /** At the right of the name: Remove, and Retry where a failed upload can be tried again. */
  actions: ReactNode;
  /** The file's upload, shown under its details and announced as it moves on. */
  upload?: UploadView;
  /** Under the details, for a file that is not uploaded here: what is happening to it. */
  notes?: ReactNode;
  /** Below the file: what the owner writes about it. */
  children?: ReactNode;
}

/** One chosen file in a list: its preview, name and size, its upload or notes, and its text. */
export function FileUploadRow({
  fileName,
  preview,
  details,
  actions,
  upload,
  notes,
  children,
}: FileUploadRowProps) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-3">
      <div className="flex gap-3">
        {preview}
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-slate-900" title={fileName}>
                {fileName}
              </p>
              <p className="text-xs text-slate-500">{details}</p>
            </div>
            {actions}
          </div>
          {upload ? (
            <>
              <UploadStatus fileName={fileName} upload={upload} />
              <p role="status" className="sr-only">
                {announcementOf(fileName, upload)}
              </p>
            </>
          ) : (
            notes
          )}
        </div>
      </div>
      {children}
    </li>
  );
}

interface FileNoteFieldProps {
  /** The visible label: 'Description', 'Alt text'. */
  label: string;
  /** The rest of the label for screen readers, naming the file ('of menu.jpg'). */
  labelEnd: string;
  /** Why it is asked, in brackets after the label. */
  purpose: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  disabled?: boolean;
  placeholder: string;
}

/** A one-line text the owner writes about a chosen file (its description, its alt text). */
export function FileNoteField({
  label,
  labelEnd,
  purpose,
  value,
  onChange,
  maxLength,
  disabled,
  placeholder,
}: FileNoteFieldProps) {
  const id = useId();
  return (
    <div className="mt-3">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-700">
        {label}
        <span className="sr-only">{` ${labelEnd}`}</span>{' '}
        <span className="font-normal text-slate-500">{`(${purpose})`}</span>
      </label>
      <input
        id={id}
        type="text"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={maxLength}
        disabled={disabled}
        placeholder={placeholder}
        className={clsx(
          'block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-xs sm:text-sm',
          controlStateClasses(false),
        )}
      />
    </div>
  );
}
