import { DEFAULT_MORNING_HOUR } from '#shared/domain/limits';
import type { TourStep } from '#web/components/tours/tour-step';

const WEBSITE: TourStep = {
  target: 'company-website',
  title: 'Start from your website',
  content:
    'Enter your website and press Fill from website: Sailpost reads its public pages and drafts the description, brand voice and colours. You review each change before it is applied.',
};

const BRAND_VOICE: TourStep = {
  target: 'company-brand-voice',
  title: 'Your brand voice',
  content:
    'Every draft is written in this voice. Say how you sound, the words you use and the ones you avoid.',
};

const COLOURS: TourStep = {
  target: 'company-colors',
  title: 'Brand colours',
  content: 'Your brand’s colours (as hex codes) keep the graphics of your posts on brand.',
};

const hour = (value: number) =>
  `${value % 12 === 0 ? 12 : value % 12} ${value < 12 ? 'a.m.' : 'p.m.'}`;

/**
 * The company form's tour: website and Fill from website, brand voice, colours, and the time zone
 * and morning hour (fields of the edit form; a new company takes the browser's zone and the
 * default hour, which its last step says).
 */
export const companyFormTour = (editing: boolean): readonly TourStep[] => [
  WEBSITE,
  BRAND_VOICE,
  COLOURS,
  editing
    ? {
        target: 'company-morning',
        title: 'Time zone and morning hour',
        content:
          'Each morning at this hour, in the company’s time zone, Sailpost drafts the day’s posts and texts you once to approve them. Posting times and daily limits follow the same zone.',
      }
    : {
        target: 'company-submit',
        title: 'Time zone and morning text',
        content: `A new company uses this browser’s time zone, and its morning text with the day’s drafts comes at ${hour(DEFAULT_MORNING_HOUR)}. Change either later with Edit company.`,
      },
];
