import clsx from 'clsx';
import type { ReactNode } from 'react';
import type { DropzoneState } from 'react-dropzone';
import { Button } from './button';
import { IconPlus } from './icons';

interface FileDropAreaProps {
  dropzone: Pick<DropzoneState, 'getRootProps' | 'getInputProps' | 'isDragActive' | 'open'>;
  /** The group's accessible name. */
  label: string;
  /** The first line while there is room: what to do. */
  title: ReactNode;
  /** The second line: what is taken, or how to make room once full. */
  guidance: ReactNode;
  guidanceId?: string;
  /** No more files can be added. */
  full: boolean;
  /** The first line once full ('Maximum 5 files allowed'). */
  fullTitle: ReactNode;
  /** The hidden file input's name ('Choose media files'). */
  inputLabel: string;
  disabled: boolean;
  /** Spacing and when the row layout starts (a window or a container breakpoint). */
  className: string;
}

/**
 * The dashed area files are dropped on, with 'Select Files' for those who do not drag (a
 * campaign's media, the AI generator's media, a support ticket's attachments).
 */
export function FileDropArea({
  dropzone: { getRootProps, getInputProps, isDragActive, open },
  label,
  title,
  guidance,
  guidanceId,
  full,
  fullTitle,
  inputLabel,
  disabled,
  className,
}: FileDropAreaProps) {
  return (
    <div
      {...getRootProps({
        role: 'group',
        'aria-label': label,
        'aria-describedby': guidanceId,
        className: clsx(
          'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 text-center transition-colors',
          isDragActive ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50/60',
          className,
        ),
      })}
    >
      <input {...getInputProps({ 'aria-label': inputLabel })} />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-800">
          {full ? fullTitle : isDragActive ? 'Drop to add' : title}
        </p>
        <p id={guidanceId} className="mt-0.5 text-xs text-slate-500">
          {guidance}
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={open} disabled={disabled || full}>
        <IconPlus aria-hidden="true" className="size-4" />
        Select Files
      </Button>
    </div>
  );
}
