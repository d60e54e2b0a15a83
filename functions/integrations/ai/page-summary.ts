import { decodeHTML } from 'entities';
import { ELEMENT_NODE, TEXT_NODE, parse, type ElementNode, type Node } from 'ultrahtml';
import { normaliseHexColor } from '#shared/contract/companies';

/** What a company's home page says about it, extracted once for whichever drafter runs. */
export interface PageSummary {
  url: string;
  title: string;
  siteName: string;
  description: string;
  themeColor: string | null;
  /** Hex colours used in the page's own CSS, most used first (greys, black and white left out). */
  cssColors: string[];
  headings: string[];
  paragraphs: string[];
}

const MAX_TEXT = 6000;
const HEX = /#(?:[0-9a-f]{6}|[0-9a-f]{3})\b/gi;

const clean = (value: string | undefined | null): string =>
  (value ?? '').replace(/\s+/g, ' ').trim();

/** Near-grey colours (black, white, greys) carry no brand. */
const isNeutral = (hex: string): boolean => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [
    number,
    number,
    number,
  ];
  return Math.max(r, g, b) - Math.min(r, g, b) < 24;
};

/** Elements whose text is not page copy. */
const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'nav',
  'footer',
  'svg',
  'form',
  'template',
  'head',
]);

/**
 * How deep into the page anything is read. Real pages nest a few dozen levels; a page nested
 * thousands deep is built to hurt (a recursive walk overflows the stack, and every paragraph's text
 * would repeat all that is inside it). What lies deeper is left out, and every walk is a loop.
 */
const MAX_DEPTH = 256;

const childrenOf = (node: Node): Node[] => (node as { children?: Node[] }).children ?? [];

const isSkipped = (node: Node): boolean =>
  node.type === ELEMENT_NODE && SKIPPED.has((node as ElementNode).name.toLowerCase());

interface FoundElement {
  element: ElementNode;
  /** Inside a script, style, nav, footer, … (its text is not page copy). */
  inChrome: boolean;
}

/** Every element down to MAX_DEPTH, in document order. */
const elements = (root: Node): FoundElement[] => {
  const found: FoundElement[] = [];
  const pending: { node: Node; depth: number; inChrome: boolean }[] = [
    { node: root, depth: 0, inChrome: false },
  ];
  while (pending.length) {
    const { node, depth, inChrome } = pending.pop()!;
    if (node.type === ELEMENT_NODE) found.push({ element: node as ElementNode, inChrome });
    if (depth >= MAX_DEPTH) continue;
    const below = inChrome || isSkipped(node);
    const children = childrenOf(node);
    for (let index = children.length - 1; index >= 0; index--) {
      pending.push({ node: children[index]!, depth: depth + 1, inChrome: below });
    }
  }
  return found;
};

/**
 * The decoded text inside an element, leaving out scripts, styles and chrome; at most MAX_DEPTH
 * levels below it and about `limit` characters (no caller keeps more).
 */
const textOf = (node: Node, limit = MAX_TEXT * 2): string => {
  const parts: string[] = [];
  let length = 0;
  const pending: { node: Node; depth: number }[] = [{ node, depth: 0 }];
  while (pending.length && length < limit) {
    const { node: next, depth } = pending.pop()!;
    if (next.type === TEXT_NODE) {
      const text = decodeHTML((next as { value: string }).value);
      parts.push(text);
      length += text.length + 1;
      continue;
    }
    if (isSkipped(next) || depth >= MAX_DEPTH) continue;
    const children = childrenOf(next);
    for (let index = children.length - 1; index >= 0; index--) {
      pending.push({ node: children[index]!, depth: depth + 1 });
    }
  }
  return parts.join(' ');
};

const rawTextOf = (node: ElementNode): string =>
  node.children.map((child) => (child as { value?: string }).value ?? '').join('');

const named = (all: ElementNode[], ...names: string[]) =>
  all.filter((element) => names.includes(element.name.toLowerCase()));

const meta = (all: ElementNode[], ...keys: string[]): string => {
  const metas = named(all, 'meta');
  for (const key of keys) {
    const element = metas.find(
      (m) => (m.attributes.property ?? m.attributes.name ?? '').toLowerCase() === key.toLowerCase(),
    );
    const content = clean(decodeHTML(element?.attributes.content ?? ''));
    if (content) return content;
  }
  return '';
};

const cssColorsOf = (all: ElementNode[]): string[] => {
  const css = [
    ...named(all, 'style').map(rawTextOf),
    ...all.map((element) => element.attributes.style ?? ''),
  ].join('\n');
  const counts = new Map<string, number>();
  for (const match of css.match(HEX) ?? []) {
    const hex = normaliseHexColor(match);
    if (hex && !isNeutral(hex)) counts.set(hex, (counts.get(hex) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([hex]) => hex);
};

export const summarisePage = (url: string, html: string): PageSummary => {
  const found = elements(parse(html));
  const all = found.map(({ element }) => element);
  const title = clean(
    named(all, 'title')
      .map((element) => textOf(element))
      .join(' ') || named(all, 'title').map(rawTextOf).join(' '),
  );
  const headings: string[] = [];
  for (const element of named(all, 'h1', 'h2', 'h3')) {
    const text = clean(textOf(element));
    if (text.length > 2) headings.push(text);
    if (headings.length === 12) break;
  }
  const paragraphs: string[] = [];
  let length = 0;
  for (const { element, inChrome } of found) {
    if (inChrome || !['p', 'li'].includes(element.name.toLowerCase())) continue;
    const text = clean(textOf(element));
    if (text.length < 25 || paragraphs.includes(text)) continue;
    paragraphs.push(text);
    length += text.length;
    if (length > MAX_TEXT) break;
  }
  return {
    url,
    title,
    siteName: meta(all, 'og:site_name', 'application-name'),
    description: meta(all, 'og:description', 'description', 'twitter:description'),
    themeColor: normaliseHexColor(meta(all, 'theme-color', 'msapplication-TileColor')),
    cssColors: cssColorsOf(all),
    headings,
    paragraphs,
  };
};
