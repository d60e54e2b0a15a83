import { slotText } from '#shared/domain/schedule-slots';

/** How long a text's numbering can be answered. */
export const DIGEST_REPLY_HOURS = 48;

/** How to answer a text, in one message (HELP, and any reply that was not understood). */
export const howToReply = (appUrl: string): string =>
  [
    'Sailpost: reply YES to approve every draft of your latest text, or its number and YES, NO or the changes you want (e.g. 2 YES, 2 NO, 2 make it shorter).',
    'For a post that failed: RETRY 2 or SKIP 2. STOP to stop texts, START to resume.',
    `Review in the app: ${appUrl}`,
  ].join('\n');

export const REPLY_TEXTS = {
  help: howToReply,
  notUnderstood: (appUrl: string) => `Sorry, that reply was not understood.\n${howToReply(appUrl)}`,
  /** The carriers' required confirmation of an opt-out. */
  stopped:
    'Sailpost: you are unsubscribed and will get no more texts from us. Reply START to resubscribe.',
  started:
    'Sailpost: you are subscribed to texts again (drafts to review and failed posts). Reply HELP for help, STOP to unsubscribe.',
  noDigest: (appUrl: string) =>
    `Sailpost: there are no drafts of yours to answer by text. Review your posts in the app: ${appUrl}`,
  expired: (link: string) =>
    `Sailpost: that text has expired (texts can be answered for ${DIGEST_REPLY_HOURS} hours). Review your posts in the app: ${link}`,
  noSuchNumber: (number: number, count: number) =>
    `Sailpost: your latest text has no post ${number} (it lists ${count === 1 ? 'post 1' : `posts 1 to ${count}`}). Reply HELP for how to reply.`,
} as const;

/** "1 post" / "2 posts". */
const posts = (count: number) => `${count} ${count === 1 ? 'post' : 'posts'}`;

/** A list as read aloud: "1", "1 and 2", "1, 2 and 3". */
export const listed = (numbers: readonly number[]): string =>
  numbers.length <= 1
    ? numbers.join('')
    : `${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;

export interface Approval {
  number: number;
  /** The slot it goes out at (UTC ISO) and the campaign's zone, or why it has none yet. */
  slot: { at: string; timeZone: string } | 'campaign-not-active' | 'no-free-slot';
}

const whenText = (approval: Approval, subject: string): string => {
  if (approval.slot === 'campaign-not-active')
    return `${subject} will be scheduled when its campaign is active again`;
  if (approval.slot === 'no-free-slot')
    return `${subject} has no free slot before its campaign ends; pick a time in the app`;
  return `${subject} goes out ${slotText(approval.slot.at, approval.slot.timeZone)}`;
};

/** "Approved 1 post: it goes out Wed, Nov 25 at 9:00 AM, New York time." */
export const approvedText = (approvals: readonly Approval[]): string => {
  const [only] = approvals;
  if (approvals.length === 1 && only) return `Approved 1 post: ${whenText(only, 'it')}.`;
  return `Approved ${posts(approvals.length)}: ${approvals
    .map((approval) => whenText(approval, String(approval.number)))
    .join('; ')}.`;
};

/** "Post 2 was already reviewed, so nothing changed." */
export const notReviewableText = (numbers: readonly number[]): string =>
  numbers.length === 1
    ? `Post ${numbers[0]} was already reviewed (or removed), so nothing changed.`
    : `Posts ${listed(numbers)} were already reviewed (or removed), so nothing changed.`;

export const rejectedText = (number: number) => `Rejected ${number}.`;
export const revisionText = (number: number) =>
  `Asked the AI to revise ${number}; the new version will follow.`;
export const retriedText = (approval: Approval) =>
  `Retrying ${approval.number}: ${whenText(approval, 'it')}.`;
export const skippedText = (number: number) => `Skipped ${number}: it will not be published.`;
export const notFailedText = (number: number) =>
  `Post ${number} has not failed (or was already retried or skipped), so nothing changed.`;
