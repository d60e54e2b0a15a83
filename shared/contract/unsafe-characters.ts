/*
 * Characters no name or text of ours needs, refused rather than stored (fields.ts) or taken out
 * of what the AI wrote:
 * - control characters: a NUL cuts a string short in other systems, others garble logs and CSV
 *   exports. Multi-line texts keep tab and line feed.
 * - the bidi overrides and isolates U+202A–U+202E, U+2066–U+2069, which make text display
 *   differently from what it says ("Trojan Source").
 * - unpaired surrogates: half a character, which UTF-8 cannot hold; storing one silently turns it
 *   into U+FFFD.
 * - tag characters (U+E0000–U+E007F) outside a subdivision flag: they are invisible, yet carry
 *   ASCII that a reader of the text (an AI model) still reads — a hidden instruction in a prompt.
 * A one-line value (a name, a title, a file name) also refuses every other format character
 * (Unicode Cf: direction marks, zero-width space and non-joiner, soft hyphen, byte order mark, …)
 * and the line and paragraph separators: in a name they only hide a difference between two
 * names that look the same. Only a zero-width joiner inside an emoji sequence (👩‍💻) is
 * kept. Running text keeps the other format characters, which it can need: direction marks in
 * mixed Hebrew or Arabic and Latin, the non-joiner in Persian words, soft hyphens.
 */

/** What is wrong with a value, each with its own words. */
export type CharacterProblem = 'control' | 'invisible' | 'unpaired-surrogate';

export const characterProblemMessage = (label: string, problem: CharacterProblem): string => {
  switch (problem) {
    case 'control':
      return `${label} must not contain control characters or text-direction marks`;
    case 'invisible':
      return `${label} must not contain invisible characters`;
    case 'unpaired-surrogate':
      return `${label} must not contain unpaired surrogates (broken characters)`;
  }
};

/** The kept exceptions, matched first so their format characters are not read on their own. */
const EMOJI_JOIN =
  // An emoji (with its presentation selector or skin tone), a joiner, and the next emoji.
  '\\p{Extended_Pictographic}(?:\\uFE0F|\\p{Emoji_Modifier})?\\u200D(?=\\p{Extended_Pictographic})';
const SUBDIVISION_FLAG =
  // The black flag, a subdivision code (Unicode's are 3 to 7 lower-case letters and digits) in
  // tag characters, and the cancel tag: 🏴󠁧󠁢󠁳󠁣󠁴󠁿 is "gbsct". Anything longer could carry a message.
  '\\u{1F3F4}[\\u{E0030}-\\u{E0039}\\u{E0061}-\\u{E007A}]{3,7}\\u{E007F}';

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F-\u009F]/u;
// eslint-disable-next-line no-control-regex -- as above, but tab (U+0009) and line feed (U+000A) pass
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/u;
/** Overrides and isolates, and in a line the marks too (LRM, RLM, ALM). */
const DIRECTION_IN_TEXT = /[\u202A-\u202E\u2066-\u2069]/u;
const DIRECTION_IN_LINE = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;
const UNPAIRED_SURROGATE = /\p{Cs}/u;
const INVISIBLE_IN_TEXT = /[\u{E0000}-\u{E007F}]/u;
const INVISIBLE_IN_LINE = /[\p{Cf}\p{Zl}\p{Zp}]/u;

interface Rules {
  control: RegExp;
  direction: RegExp;
  invisible: RegExp;
}
const LINE: Rules = {
  control: CONTROL_IN_LINE,
  direction: DIRECTION_IN_LINE,
  invisible: INVISIBLE_IN_LINE,
};
const TEXT: Rules = {
  control: CONTROL_IN_TEXT,
  direction: DIRECTION_IN_TEXT,
  invisible: INVISIBLE_IN_TEXT,
};

/** Every refused character of `rules`, or one of the kept exceptions (captured). */
const scanner = (rules: Rules) =>
  new RegExp(
    `(${EMOJI_JOIN}|${SUBDIVISION_FLAG})|${[
      rules.control,
      rules.direction,
      UNPAIRED_SURROGATE,
      rules.invisible,
    ]
      .map((rule) => rule.source)
      .join('|')}`,
    'gu',
  );
const LINE_SCANNER = scanner(LINE);
const TEXT_SCANNER = scanner(TEXT);

const problemOf = (character: string, rules: Rules): CharacterProblem => {
  if (rules.control.test(character) || rules.direction.test(character)) return 'control';
  if (UNPAIRED_SURROGATE.test(character)) return 'unpaired-surrogate';
  return 'invisible';
};

const firstProblem = (value: string, scan: RegExp, rules: Rules): CharacterProblem | null => {
  for (const [found, kept] of value.matchAll(scan)) {
    if (kept === undefined) return problemOf(found, rules);
  }
  return null;
};

/** What a one-line value must not hold, or null when it is fine. */
export const lineProblem = (value: string): CharacterProblem | null =>
  firstProblem(value, LINE_SCANNER, LINE);

/** What a free text (which may span lines) must not hold, or null when it is fine. */
export const textProblem = (value: string): CharacterProblem | null =>
  firstProblem(value, TEXT_SCANNER, TEXT);

/**
 * Every space character (no-break, narrow, ideographic, …) as the ordinary space: they look
 * alike, and come from pasting (and from macOS screenshot names), so refusing them would refuse
 * what the user sees as a plain space.
 */
export const withOrdinarySpaces = (value: string): string => value.replace(/\p{Zs}/gu, ' ');

/**
 * What the fields refuse, taken out of text that is not refused but cleaned (what the AI wrote):
 * each refused character becomes `by`; emoji sequences stay whole.
 */
export const replaceUnsafeInLine = (text: string, by: string): string =>
  withOrdinarySpaces(text).replace(LINE_SCANNER, (found, kept?: string) => kept ?? by);
export const replaceUnsafeInText = (text: string, by: string): string =>
  text.replace(TEXT_SCANNER, (found, kept?: string) => kept ?? by);
