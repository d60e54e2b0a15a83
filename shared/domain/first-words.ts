/**
 * The text on one line, cut at a word within `max` characters and ending in `ellipsis` when it was
 * cut. Characters are counted whole (an emoji is one, and never split). A first word longer than
 * half the limit is cut inside, rather than leaving almost nothing.
 */
export const firstWords = (text: string, max: number, ellipsis = '…'): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  const characters = [...flat];
  if (characters.length <= max) return flat;
  const cut = characters.slice(0, Math.max(0, max - [...ellipsis].length)).join('');
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${([...atWord].length >= max / 2 ? atWord : cut).trimEnd()}${ellipsis}`;
};
