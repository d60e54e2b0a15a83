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

const elements = (root: Node): ElementNode[] => {
  const found: ElementNode[] = [];
  const visit = (node: Node) => {
    if (node.type === ELEMENT_NODE) found.push(node as ElementNode);
    for (const child of (node as { children?: Node[] }).children ?? []) visit(child);
  };
  visit(root);
  return found;
};

/** The decoded, whitespace-folded text inside an element, leaving out scripts, styles and chrome. */
const textOf = (node: Node): string => {
  if (node.type === TEXT_NODE) return decodeHTML((node as { value: string }).value);
  if (node.type === ELEMENT_NODE && SKIPPED.has((node as ElementNode).name.toLowerCase()))
    return '';
  return ((node as { children?: Node[] }).children ?? []).map(textOf).join(' ');
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
  const all = elements(parse(html));
  const title = clean(
    named(all, 'title').map(textOf).join(' ') || named(all, 'title').map(rawTextOf).join(' '),
  );
  const headings = named(all, 'h1', 'h2', 'h3')
    .map((element) => clean(textOf(element)))
    .filter((text) => text.length > 2)
    .slice(0, 12);
  const inChrome = (element: ElementNode) => {
    for (
      let parent = element.parent as Node | undefined;
      parent;
      parent = (parent as { parent?: Node }).parent
    ) {
      if (parent.type === ELEMENT_NODE && SKIPPED.has((parent as ElementNode).name.toLowerCase()))
        return true;
    }
    return false;
  };
  const paragraphs: string[] = [];
  let length = 0;
  for (const element of named(all, 'p', 'li')) {
    if (inChrome(element)) continue;
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
