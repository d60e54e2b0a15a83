/** "harbor.coffee" from "https://www.harbor.coffee/about"; '' for no website. */
export const websiteHost = (website: string): string => {
  if (!website) return '';
  try {
    return new URL(website).hostname.replace(/^www\./, '');
  } catch {
    return website;
  }
};

/** "Nov 3, 2026" */
export const formatDate = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
};

/**
 * Dark text on light brand colours, white on dark ones (WCAG relative luminance). Anything that
 * does not read as #RRGGBB gets white text.
 */
export const textColorOn = (hex: string): string => {
  const channels = [1, 3, 5].map((offset) => Number(`0x${hex.slice(offset, offset + 2)}`) / 255);
  if (hex.length !== 7 || hex[0] !== '#' || channels.some(Number.isNaN)) return '#ffffff';
  const [red, green, blue] = channels.map((value) =>
    value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4,
  ) as [number, number, number];
  const luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue;
  return luminance > 0.4 ? '#0f172a' : '#ffffff';
};

/** "240 KB", "3.4 MB" */
export const formatSize = (bytes: number): string => {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
};
