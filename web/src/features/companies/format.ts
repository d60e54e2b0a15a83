/** As the contract's HEX_COLOR; repeated so the app shell does not load the contract (zod). */
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

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

/** Dark text on light brand colours, white on dark ones (WCAG relative luminance). */
export const textColorOn = (hex: string): string => {
  if (!HEX_COLOR.test(hex)) return '#ffffff';
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.4 ? '#0f172a' : '#ffffff';
};
