import clsx from 'clsx';
import { LogoMark } from '#web/components/logo';

export interface Message {
  from: 'sailpost' | 'owner';
  text: string;
}

/**
 * The reply grammar of the texts (functions/jobs/sms-inbound/reply-grammar.ts): YES approves every draft of the
 * digest; "2 YES", "2 NO" or "2 <changes>" act on one; each reply is answered with what was done.
 */
export const DEMO_CONVERSATION: readonly Message[] = [
  {
    from: 'sailpost',
    text: "Good morning! Today's drafts for Harbor Coffee:\n1. Cold brew season is here: smooth, bold and on tap all week.\n2. Meet Maya, who roasts every bean we pour.\nReply YES to approve both. For one draft: 1 YES, 1 NO, or 1 and your changes.",
  },
  { from: 'owner', text: '1 YES' },
  { from: 'sailpost', text: 'Draft 1 approved. It goes out at 9:00 AM.' },
  { from: 'owner', text: "2 mention Saturday's tasting at 10" },
  {
    from: 'sailpost',
    text: 'Draft 2 now ends with: "Meet her at Saturday\'s tasting, 10 AM." Reply 2 YES to approve.',
  },
];

/** The hero's illustration: how approving by text looks. Decorative; the copy says the same. */
export function SmsPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-sm">
      <div className="absolute -inset-6 -z-10 rounded-[2.5rem] bg-gradient-to-tr from-brand-100 via-white to-sky-100 blur-xl" />
      <div className="rounded-[2rem] border border-slate-200 bg-white p-3 shadow-xl shadow-brand-900/10">
        <div className="flex items-center gap-3 border-b border-slate-100 px-3 pt-2 pb-3">
          <LogoMark className="size-9" />
          <div>
            <p className="text-sm font-semibold text-slate-900">Sailpost</p>
            <p className="text-xs text-slate-500">Text message · 8:02 AM</p>
          </div>
        </div>
        <div className="space-y-2.5 px-2 py-4">
          {DEMO_CONVERSATION.map((message, index) => (
            <p
              key={index}
              className={clsx(
                'w-fit max-w-[85%] rounded-2xl px-3.5 py-2 text-[13px] leading-5 whitespace-pre-line',
                message.from === 'owner'
                  ? 'ml-auto rounded-br-md bg-brand-600 text-white'
                  : 'rounded-bl-md bg-slate-100 text-slate-800',
              )}
            >
              {message.text}
            </p>
          ))}
        </div>
      </div>
    </div>
  );
}
