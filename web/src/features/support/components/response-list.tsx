import clsx from 'clsx';
import type { TicketResponse } from '#shared/contract/support';
import { Badge } from '#web/components/badge';
import { IconShield } from '#web/components/icons';
import { momentText } from '../due-text';
import { SUPPORT_TEXTS } from '../support-texts';
import { AttachmentLinks } from './attachment-links';

function ResponseItem({ response }: { response: TicketResponse }) {
  return (
    <li
      className={clsx(
        'rounded-xl border p-4',
        response.internal
          ? 'border-dashed border-amber-300 bg-amber-50'
          : response.isStaffResponse
            ? 'border-brand-200 bg-brand-50/50'
            : 'border-slate-200 bg-white',
      )}
    >
      {response.internal ? (
        <p className="mb-2 text-xs font-semibold text-amber-900">{SUPPORT_TEXTS.internalHint}</p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium text-slate-900">{response.userId.firstName}</span>
        {response.isStaffResponse ? (
          <Badge tone="brand">
            <IconShield aria-hidden="true" className="size-3.5" />
            {SUPPORT_TEXTS.staffBadge}
          </Badge>
        ) : null}
        <time dateTime={response.createdAt} className="text-xs text-slate-600">
          {momentText(response.createdAt)}
        </time>
      </div>
      <p className="mt-2 text-sm leading-6 break-words whitespace-pre-wrap text-slate-800">
        {response.content}
      </p>
      <AttachmentLinks attachments={response.attachments} />
    </li>
  );
}

/** The conversation, oldest first: staff replies carry the Staff badge, notes stand apart. */
export function ResponseList({
  responses,
  staff,
}: {
  responses: readonly TicketResponse[];
  staff: boolean;
}) {
  if (responses.length === 0) {
    return (
      <p className="text-sm text-slate-500">
        {staff ? SUPPORT_TEXTS.noResponsesYet : SUPPORT_TEXTS.noResponses}
      </p>
    );
  }
  return (
    <ol aria-label="Replies" className="space-y-3">
      {responses.map((response) => (
        <ResponseItem key={response._id} response={response} />
      ))}
    </ol>
  );
}
