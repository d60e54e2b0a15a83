import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CODE_TTL_SECONDS } from '#functions/auth/phone-verification';
import { AI_MEDIA_IMAGE_MAX_BYTES } from '#shared/domain/ai-campaigns';
import {
  CAMPAIGN_MEDIA_MAX_BYTES,
  CAMPAIGN_NAME_MAX,
  DEFAULT_CAMPAIGN_DAYS,
  MAX_CAMPAIGN_MEDIA,
} from '#shared/domain/campaigns';
import { CONTENT_IMAGES_MAX } from '#shared/domain/content';
import { RESET_LINK_LIFETIME_TEXT } from '#shared/domain/duration-text';
import {
  FOUNDER_ACCOUNT_CAP,
  PASSWORD_MIN_LENGTH,
  SMS_DIGEST_DAYS,
  SMS_RESEND_INTERVAL_SECONDS,
  TRIAL_DAYS,
  VERIFICATION_CODE_LENGTH,
} from '#shared/domain/limits';
import { formatBytes } from '#shared/domain/platform-media';

/**
 * A text that states a constant builds it from the constant: a number typed into a sentence stays
 * behind when the constant changes, and the screen then says one thing while the server does
 * another. Each constant below with the ways a text would type it out; none may appear in the
 * text of the app's code (string literals, template literals and JSX text; comments and tests
 * are not read).
 */
const TYPED_COPIES: Record<string, readonly string[]> = {
  TRIAL_DAYS: [`${TRIAL_DAYS}-day`, `${TRIAL_DAYS} days`],
  FOUNDER_ACCOUNT_CAP: [
    `first ${FOUNDER_ACCOUNT_CAP}`,
    `${FOUNDER_ACCOUNT_CAP} - total`,
    `of ${FOUNDER_ACCOUNT_CAP} founder`,
  ],
  PASSWORD_MIN_LENGTH: [`at least ${PASSWORD_MIN_LENGTH} characters`],
  PASSWORD_RESET_TTL_SECONDS: [`for ${RESET_LINK_LIFETIME_TEXT}`],
  VERIFICATION_CODE_LENGTH: [`${VERIFICATION_CODE_LENGTH}-digit`],
  SMS_RESEND_INTERVAL_SECONDS: [`every ${SMS_RESEND_INTERVAL_SECONDS} seconds`],
  CODE_TTL_SECONDS: [`in ${CODE_TTL_SECONDS / 60} minutes`],
  CAMPAIGN_MEDIA_MAX_BYTES: [formatBytes(CAMPAIGN_MEDIA_MAX_BYTES)],
  MAX_CAMPAIGN_MEDIA: [`maximum ${MAX_CAMPAIGN_MEDIA} files`, `at most ${MAX_CAMPAIGN_MEDIA} a`],
  AI_MEDIA_IMAGE_MAX_BYTES: [`at most ${formatBytes(AI_MEDIA_IMAGE_MAX_BYTES)}`],
  DEFAULT_CAMPAIGN_DAYS: [`for ${DEFAULT_CAMPAIGN_DAYS} days`],
  CAMPAIGN_NAME_MAX: [`at most ${CAMPAIGN_NAME_MAX} characters`],
  CONTENT_IMAGES_MAX: [`at most ${CONTENT_IMAGES_MAX} images`],
  SMS_DIGEST_DAYS: [`works for ${SMS_DIGEST_DAYS} days`],
};

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The app's code: what users, the API's readers and the language model read. */
const SOURCE_DIRS = ['web/src', 'functions', 'shared'];
const isScanned = (file: string) =>
  /\.tsx?$/.test(file) && !/\.test(-d)?\.tsx?$/.test(file) && !file.startsWith('web/src/test/');

const sourceFiles = (): string[] =>
  SOURCE_DIRS.flatMap((dir) =>
    readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' }).map((file) =>
      path.posix.join(dir, file.split(path.sep).join('/')),
    ),
  ).filter(isScanned);

interface Text {
  line: number;
  text: string;
}

/** Every piece of text a source holds: string and template literals, JSX text. */
const textsOf = (fileName: string, source: string): Text[] => {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const texts: Text[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
      texts.push({ line: line + 1, text: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return texts;
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const phrasePattern = (phrase: string) => new RegExp(`(?<![\\w-])${escape(phrase)}(?![\\w-])`, 'i');

/** The words around a match, on one line. */
const excerpt = (text: string, index: number, length: number) =>
  text
    .slice(Math.max(0, index - 30), index + length + 30)
    .replace(/\s+/g, ' ')
    .trim();

/** "file:line: «…text…» types TRIAL_DAYS (14-day)" for each typed copy in the source. */
const copiesIn = (fileName: string, source: string): string[] =>
  textsOf(fileName, source).flatMap(({ line, text }) =>
    Object.entries(TYPED_COPIES).flatMap(([constant, phrases]) =>
      phrases.flatMap((phrase) => {
        const match = phrasePattern(phrase).exec(text);
        if (!match) return [];
        const words = excerpt(text, match.index, phrase.length);
        return [`${fileName}:${line}: «${words}» types ${constant} (${phrase})`];
      }),
    ),
  );

describe('constants stated in texts', () => {
  it('finds a typed copy in strings, templates and JSX text, not in comments or interpolations', () => {
    const days = `${TRIAL_DAYS}-day`;
    const seats = `first ${FOUNDER_ACCOUNT_CAP}`;
    const size = formatBytes(CAMPAIGN_MEDIA_MAX_BYTES);
    const source = [
      `// A ${days} trial, in a comment.`,
      `const a = 'Start your ${days} free trial';`,
      `const b = \`The ${seats} accounts, \${count} left\`;`,
      'const c = `The first ${FOUNDER_ACCOUNT_CAP} accounts`;',
      `const d = <p title="Up to ${size}">Every plan starts with a {TRIAL_DAYS}-day trial</p>;`,
      `const e = <p>A ${days} trial</p>;`,
      `const f = 'A 1${days} year';`,
    ].join('\n');
    expect(copiesIn('probe.tsx', source)).toEqual([
      `probe.tsx:2: «Start your ${days} free trial» types TRIAL_DAYS (${days})`,
      `probe.tsx:3: «The ${seats} accounts,» types FOUNDER_ACCOUNT_CAP (${seats})`,
      `probe.tsx:5: «Up to ${size}» types CAMPAIGN_MEDIA_MAX_BYTES (${size})`,
      `probe.tsx:6: «A ${days} trial» types TRIAL_DAYS (${days})`,
    ]);
  });

  it('are built from their constants everywhere in the app', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(500);
    const copies = files.flatMap((file) =>
      copiesIn(file, readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(copies).toEqual([]);
  });
});
