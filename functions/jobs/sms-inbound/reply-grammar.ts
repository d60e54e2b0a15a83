/**
 * The grammar of a text reply, as a pure function of its body (the README's "Replies by text"):
 *
 *   YES                      approve every draft of the owner's newest text
 *   2 YES · 2 NO             approve or reject draft 2 of it
 *   2 <anything else>        ask the AI to revise draft 2, with that text as the feedback
 *   RETRY 2 · SKIP 2         a failed post: publish it again, or give it up (rejected)
 *   STOP (and the carriers' STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT) · START (UNSTOP) · HELP (INFO)
 *
 * Case, spacing and punctuation are forgiven (`y`, `Yes!`, `2yes`, ` 2  no `, `#2 YES`, `2. no`,
 * `YES 2`, `retry #2`). Decisions:
 * - Approving publishes to the owner's public account, so only an unmistakable yes approves:
 *   YES, Y, APPROVE. `ok`, `sure`, `👍` are not understood (the answer says how to reply) — a
 *   casual acknowledgement must never publish.
 * - NO, N and REJECT reject one post; a bare `NO` (without a number) is not understood, as is a
 *   bare number: rejecting everything, or guessing which post, is not something a reply does.
 * - After a number, a yes or no word alone (punctuation aside) approves or rejects; any other text
 *   is the feedback for a revision, as typed (`2 yes but shorter` asks for a revision).
 * - Keywords must be the whole message (carriers match STOP the same way): `stop it` after a
 *   number is feedback, and alone is not understood.
 * - A number is digits only. Punctuation around it is forgiven, but not punctuation that makes it
 *   another number: a sign (`-1`), a decimal or thousands mark (`1.5`, `1,000`), a range (`2-3`)
 *   or letters then digits (`1e3`, `0x1`). Such a reply is not understood rather than read as
 *   post 1, which may not be the post the owner meant.
 * - Control characters are taken out before anything is read (`\u0000YES` is YES); line breaks
 *   and tabs stay, for the feedback.
 */

export type SmsReply =
  | { kind: 'approve-all' }
  | { kind: 'approve'; number: number }
  | { kind: 'reject'; number: number }
  | { kind: 'revise'; number: number; feedback: string }
  | { kind: 'retry'; number: number }
  | { kind: 'skip'; number: number }
  | { kind: 'stop' }
  | { kind: 'start' }
  | { kind: 'help' }
  | { kind: 'not-understood' };

/** Carriers' opt-out keywords (CTIA): each means STOP. */
export const STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const START_WORDS = ['START', 'UNSTOP'] as const;
export const HELP_WORDS = ['HELP', 'INFO'] as const;
const YES_WORDS = ['YES', 'Y', 'APPROVE'];
const NO_WORDS = ['NO', 'N', 'REJECT'];

/** Numbers a digest can hold (it lists a morning's drafts). */
const NUMBER = '(\\d{1,3})';

/** Control characters but the tab and line feed (a carriage return ends a line, so it is one). */
const withoutControls = (text: string): string =>
  // eslint-disable-next-line no-control-regex -- taking out control characters is the point
  text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g, '');

const isDigit = (character: string | undefined) => character !== undefined && /\d/.test(character);
const SIGN = /[-+\u2212]$/u;

/**
 * A run of punctuation and spaces, as it reads between its neighbours: one space, unless it makes
 * the number after it another one. Then it is kept, so no pattern below reads a number there:
 * punctuation joining digits (`1.5`, `1,000`, `2-3`), or a sign before digits at the start or
 * after a space (`-1`, `YES -2`; `retry-2` is a hyphen).
 */
const separator = (run: string, before: string | undefined, after: string | undefined): string => {
  if (!isDigit(after)) return ' ';
  if (isDigit(before) && !/\s/u.test(run)) return run;
  if (SIGN.test(run) && (before === undefined || /\s/u.test(run))) {
    return `${before === undefined ? '' : ' '}${run.at(-1)!}`;
  }
  return ' ';
};

/**
 * Upper case, every run of punctuation or space one space, unless it changes a number:
 * `  #2. yes! ` → `2 YES`, `-1 YES` → `-1 YES`.
 */
const simplify = (text: string): string =>
  text
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, (run, offset: number, whole: string) =>
      separator(run, whole[offset - 1], whole[offset + run.length]),
    )
    .trim();

/** The text after the leading number and its separator, as typed (`2 -10% off` keeps its sign). */
const afterNumber = (text: string): string =>
  text
    .trim()
    .replace(/^[#\s]*\d{1,3}(?:\s*[.):,;\-–—](?!\d))?\s*/u, '')
    .trim();

const wordAfterNumber = (simple: string): { number: number; word: string } | null => {
  const match = new RegExp(`^${NUMBER} ?([A-Z]+)$`).exec(simple);
  return match ? { number: Number(match[1]), word: match[2]! } : null;
};

const wordBeforeNumber = (simple: string): { number: number; word: string } | null => {
  const match = new RegExp(`^([A-Z]+) ?${NUMBER}$`).exec(simple);
  return match ? { number: Number(match[2]), word: match[1]! } : null;
};

export const parseSmsReply = (received: string): SmsReply => {
  const body = withoutControls(received);
  const simple = simplify(body);
  if (!simple) return { kind: 'not-understood' };
  if ((STOP_WORDS as readonly string[]).includes(simple)) return { kind: 'stop' };
  if ((START_WORDS as readonly string[]).includes(simple)) return { kind: 'start' };
  if ((HELP_WORDS as readonly string[]).includes(simple)) return { kind: 'help' };
  if (YES_WORDS.includes(simple)) return { kind: 'approve-all' };

  const numbered = wordAfterNumber(simple) ?? wordBeforeNumber(simple);
  if (numbered) {
    if (YES_WORDS.includes(numbered.word)) return { kind: 'approve', number: numbered.number };
    if (NO_WORDS.includes(numbered.word)) return { kind: 'reject', number: numbered.number };
    if (numbered.word === 'RETRY') return { kind: 'retry', number: numbered.number };
    if (numbered.word === 'SKIP') return { kind: 'skip', number: numbered.number };
  }

  // A number, or a number joined to a word (`2make it shorter`), never to more digits (`1E3`).
  const leading = new RegExp(`^${NUMBER}(?:[A-Z]+)?(?: |$)`).exec(simple);
  if (leading && /^[#\s]*\d/u.test(body)) {
    const feedback = afterNumber(body);
    if (simplify(feedback)) return { kind: 'revise', number: Number(leading[1]), feedback };
  }
  return { kind: 'not-understood' };
};
