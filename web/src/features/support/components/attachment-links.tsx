import type { SupportAttachment } from '#shared/contract/support';
import { formatSize } from '#web/lib/format';

/**
 * A message's files: images as thumbnails, PDFs as links, each opening the file in a new tab
 * through its short-lived signed URL (the page reads the ticket again before they expire).
 */
export function AttachmentLinks({ attachments }: { attachments: readonly SupportAttachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <ul aria-label="Attachments" className="mt-3 flex flex-wrap gap-2">
      {attachments.map((attachment) => (
        <li key={attachment._id}>
          <a
            href={attachment.url}
            target="_blank"
            rel="noreferrer"
            title={`${attachment.name} (${formatSize(attachment.size)})`}
            className="group flex items-center gap-2 rounded-lg border border-slate-200 bg-white p-1.5 pr-3 text-sm text-slate-700 hover:border-brand-300 hover:text-brand-700"
          >
            {attachment.thumbnailUrl ? (
              <img
                src={attachment.thumbnailUrl}
                alt=""
                className="size-12 shrink-0 rounded-md object-cover ring-1 ring-slate-200"
              />
            ) : (
              <span
                aria-hidden="true"
                className="flex size-12 shrink-0 items-center justify-center rounded-md bg-red-50 text-xs font-semibold text-red-700 ring-1 ring-red-200"
              >
                PDF
              </span>
            )}
            <span className="max-w-40 truncate">{attachment.name}</span>
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
