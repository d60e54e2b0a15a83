import type { CompanyProfileDrafter } from './company-profile-drafter';
import { withinCompanyRules } from './company-rules';
import type { PageSummary } from './page-summary';

/**
 * Drafts a profile from what the page itself says, without a language model: the page's own
 * description and opening text, a brand voice read from how the copy is written, and the
 * colours the site uses. Honest by construction: nothing is invented.
 */
const MAX_DESCRIPTION = 600;

const sentences = (text: string) => text.match(/[^.!?]+[.!?]+/g)?.map((s) => s.trim()) ?? [text];

const clip = (text: string, max: number) => {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
  return end > max / 2 ? cut.slice(0, end + 1) : `${cut.slice(0, cut.lastIndexOf(' '))}…`;
};

export const companyNameFrom = (page: PageSummary): string => {
  if (page.siteName) return page.siteName;
  const [first] = page.title.split(/\s[|–—-]\s|:\s/);
  if (first?.trim()) return first.trim();
  return new URL(page.url).hostname.replace(/^www\./, '');
};

const describe = (page: PageSummary): string => {
  const parts = [page.description, ...page.paragraphs].filter(Boolean);
  let text = '';
  for (const part of parts) {
    if (text.includes(part)) continue;
    text = text ? `${text} ${part}` : part;
    if (text.length > MAX_DESCRIPTION / 2) break;
  }
  return clip(text || page.headings.join('. ') || page.title, MAX_DESCRIPTION);
};

/** Reads tone from the copy: how it addresses the reader, sentence length, energy, register. */
export const brandVoiceFrom = (page: PageSummary): string => {
  const copy = [page.description, ...page.headings, ...page.paragraphs].join(' ');
  const words = copy.toLowerCase().match(/[a-z']+/g) ?? [];
  if (words.length < 12) return 'Clear, friendly and professional.';
  const count = (pattern: RegExp) => words.filter((word) => pattern.test(word)).length;
  const per100 = (n: number) => (n / words.length) * 100;
  const secondPerson = per100(count(/^(you|your|you're|yours)$/));
  const firstPersonPlural = per100(count(/^(we|our|us|we're)$/));
  const exclamations = (copy.match(/!/g) ?? []).length;
  const all = sentences(copy);
  const averageLength = words.length / Math.max(1, all.length);

  const traits: string[] = [];
  traits.push(
    exclamations >= 3 || per100(exclamations) > 1 ? 'Upbeat and energetic' : 'Calm and confident',
  );
  if (secondPerson > 2) traits.push('speaks directly to the customer ("you")');
  if (firstPersonPlural > 2) traits.push('personal, as a team ("we")');
  traits.push(averageLength < 14 ? 'short, plain sentences' : 'fuller, explanatory sentences');
  if (
    per100(count(/^(craft|handmade|artisan|family|local|community|neighbourhood|neighborhood)$/)) >
    0.3
  ) {
    traits.push('warm and community-minded');
  }
  if (per100(count(/^(premium|luxury|exclusive|bespoke|finest)$/)) > 0.3)
    traits.push('polished and premium');
  if (per100(count(/^(solution|platform|enterprise|data|secure|scalable|integration)s?$/)) > 0.5) {
    traits.push('precise and expert');
  }
  const [first, ...rest] = traits;
  return `${first}${rest.length ? `; ${rest.join('; ')}` : ''}.`;
};

export const offlineDrafter: CompanyProfileDrafter = {
  source: 'offline',
  async draft(page) {
    return withinCompanyRules({
      name: companyNameFrom(page),
      description: describe(page),
      brandVoice: brandVoiceFrom(page),
      brandColors: [page.themeColor, ...page.cssColors].filter((c): c is string => Boolean(c)),
    });
  },
};
