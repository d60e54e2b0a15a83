import { parse, type HTMLElement } from 'node-html-parser';

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

export const normaliseHex = (value: string): string | null => {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match) return null;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((c) => c + c).join('') : match[1]!;
  return `#${hex.toUpperCase()}`;
};

/** Near-grey colours (black, white, greys) carry no brand. */
const isNeutral = (hex: string): boolean => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [
    number,
    number,
    number,
  ];
  return Math.max(r, g, b) - Math.min(r, g, b) < 24;
};

const meta = (root: HTMLElement, ...names: string[]): string => {
  for (const name of names) {
    const element =
      root.querySelector(`meta[property="${name}"]`) ?? root.querySelector(`meta[name="${name}"]`);
    const content = clean(element?.getAttribute('content'));
    if (content) return content;
  }
  return '';
};

const cssColorsOf = (root: HTMLElement): string[] => {
  const css = [
    ...root.querySelectorAll('style').map((style) => style.text),
    ...root.querySelectorAll('[style]').map((element) => element.getAttribute('style') ?? ''),
  ].join('\n');
  const counts = new Map<string, number>();
  for (const match of css.match(HEX) ?? []) {
    const hex = normaliseHex(match);
    if (hex && !isNeutral(hex)) counts.set(hex, (counts.get(hex) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([hex]) => hex);
};

export const summarisePage = (url: string, html: string): PageSummary => {
  const root = parse(html, { blockTextElements: { script: false, style: true, noscript: false } });
  const title = clean(root.querySelector('title')?.text);
  for (const element of root.querySelectorAll('script, noscript, nav, footer, svg, form'))
    element.remove();
  const headings = root
    .querySelectorAll('h1, h2, h3')
    .map((element) => clean(element.text))
    .filter((text) => text.length > 2)
    .slice(0, 12);
  const paragraphs: string[] = [];
  let length = 0;
  for (const element of root.querySelectorAll('p, li')) {
    const text = clean(element.text);
    if (text.length < 25 || paragraphs.includes(text)) continue;
    paragraphs.push(text);
    length += text.length;
    if (length > MAX_TEXT) break;
  }
  const theme = normaliseHex(meta(root, 'theme-color', 'msapplication-TileColor'));
  return {
    url,
    title,
    siteName: meta(root, 'og:site_name', 'application-name'),
    description: meta(root, 'og:description', 'description', 'twitter:description'),
    themeColor: theme,
    cssColors: cssColorsOf(root),
    headings,
    paragraphs,
  };
};
