import { useId, useState } from 'react';
import { ErrorCode, useDropzone, type FileRejection } from 'react-dropzone';
import {
  MAX_SUPPORT_ATTACHMENTS,
  SUPPORT_ATTACHMENT_MAX_BYTES,
  SUPPORT_ATTACHMENT_MAX_SIZE_TEXT,
  SUPPORT_ATTACHMENT_TYPES,
  SUPPORT_MESSAGES,
} from '#shared/domain/support';
import { Button } from '#web/components/button';
import { FileDropArea } from '#web/components/file-drop-area';
import { FilePreview } from '#web/components/file-preview';
import { FileRefusals, type FileRefusal } from '#web/components/file-refusals';
import { FileUploadRow, uploadViewOf } from '#web/components/file-upload-row';
import { formatSize } from '#web/lib/format';
import { isGenuineAttachment } from '../attachment-files';
import type { AttachmentUploads } from '../use-attachment-uploads';

/** The drop zone's filter: each type a ticket takes with its usual extensions. */
const ACCEPT: Record<string, string[]> = Object.fromEntries(
  Object.entries(SUPPORT_ATTACHMENT_TYPES).map(([type, { extensions }]) => [type, [...extensions]]),
);

/** react-dropzone's refusals in the server's words. */
const REASONS: Record<string, string> = {
  [ErrorCode.FileInvalidType]: SUPPORT_MESSAGES.typeNotAllowed,
  [ErrorCode.FileTooLarge]: SUPPORT_MESSAGES.tooLarge,
  [ErrorCode.FileTooSmall]: SUPPORT_MESSAGES.empty,
  [ErrorCode.TooManyFiles]: SUPPORT_MESSAGES.tooManyFiles,
};

const refusalsOf = (rejections: readonly FileRejection[]): FileRefusal[] =>
  rejections.map(({ file, errors }) => {
    const code = errors.find((error) => REASONS[error.code])?.code;
    return {
      fileName: file.name,
      reason: REASONS[code ?? ErrorCode.FileInvalidType]!,
    };
  });

function PdfTile() {
  return (
    <div
      aria-hidden="true"
      className="flex size-14 shrink-0 items-center justify-center rounded-lg bg-red-50 text-xs font-semibold text-red-700 ring-1 ring-red-200"
    >
      PDF
    </div>
  );
}

interface AttachmentsFieldProps {
  uploads: AttachmentUploads;
  disabled?: boolean;
}

/**
 * 'Attachments': a drop zone (and 'Select Files') for up to 3 images or PDFs of 10 MB, each
 * refusal said; every file uploads at once with its own progress, can be removed, and tried again
 * when its upload failed in a way that may pass.
 */
export function AttachmentsField({ uploads, disabled = false }: AttachmentsFieldProps) {
  const guidanceId = useId();
  const [refusals, setRefusals] = useState<FileRefusal[]>([]);
  const remaining = Math.max(0, MAX_SUPPORT_ATTACHMENTS - uploads.items.length);
  const dropzone = useDropzone({
    accept: ACCEPT,
    maxSize: SUPPORT_ATTACHMENT_MAX_BYTES,
    minSize: 1,
    maxFiles: remaining,
    multiple: true,
    disabled: disabled || remaining === 0,
    noClick: true,
    noKeyboard: true,
    useFsAccessApi: false,
    onDrop: (accepted, rejections) => {
      void Promise.all(accepted.map(isGenuineAttachment)).then((genuine) => {
        setRefusals([
          ...refusalsOf(rejections),
          ...accepted
            .filter((_, index) => !genuine[index])
            .map((file) => ({ fileName: file.name, reason: SUPPORT_MESSAGES.notWhatItSays })),
        ]);
        uploads.add(accepted.filter((_, index) => genuine[index]));
      });
    },
  });

  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-slate-800">
        Attachments <span className="font-normal text-slate-500">(optional)</span>
      </legend>
      <FileDropArea
        dropzone={dropzone}
        label="Attachments"
        title="Drag screenshots or PDFs here, or select them"
        guidance={
          remaining === 0
            ? 'Remove a file to choose another.'
            : `Images or PDF, up to ${SUPPORT_ATTACHMENT_MAX_SIZE_TEXT} each; ${remaining} of ${MAX_SUPPORT_ATTACHMENTS} left.`
        }
        guidanceId={guidanceId}
        full={remaining === 0}
        fullTitle={SUPPORT_MESSAGES.tooManyFiles}
        inputLabel="Choose files to attach"
        disabled={disabled}
        className="mt-1.5 py-4 sm:flex-row sm:text-left"
      />
      <div className="mt-3 empty:hidden">
        <FileRefusals refusals={refusals} onDismiss={() => setRefusals([])} />
      </div>
      {uploads.items.length ? (
        <ul className="mt-3 space-y-2" aria-label="Attached files">
          {uploads.items.map((item) => (
            <FileUploadRow
              key={item.id}
              fileName={item.file.name}
              preview={
                item.previewUrl ? (
                  <FilePreview url={item.previewUrl} isVideo={false} />
                ) : (
                  <PdfTile />
                )
              }
              details={formatSize(item.file.size)}
              actions={
                disabled ? null : (
                  <div className="flex shrink-0 gap-1">
                    {item.status === 'failed' && !item.refused ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => uploads.retry(item.id)}
                        aria-label={`Retry ${item.file.name}`}
                      >
                        Retry
                      </Button>
                    ) : null}
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => uploads.remove(item.id)}
                      aria-label={`Remove ${item.file.name}`}
                    >
                      Remove
                    </Button>
                  </div>
                )
              }
              upload={uploadViewOf(item)}
            />
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
