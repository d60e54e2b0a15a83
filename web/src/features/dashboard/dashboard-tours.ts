import type { TourStep } from '#web/components/tours/tour-step';

/** /dashboard before the first company: what Sailpost does, and where to start. */
export const DASHBOARD_TOUR: readonly TourStep[] = [
  {
    target: 'quick-tips',
    title: 'Welcome to Sailpost',
    content:
      'Sailpost writes your social posts with AI, in your brand’s voice. Each morning it texts you the day’s drafts; reply 1 YES to approve the first one, and it goes out on schedule. These steps get you there.',
  },
  {
    target: 'add-company',
    title: 'Start with your company',
    content:
      'Add Company asks for your website: Sailpost reads it and drafts your description and brand voice for you to check. Platforms, campaigns and the calendar all belong to a company.',
  },
];

/** /dashboard with companies: the cards, what is waiting on them, and the sidebar. */
export const COMPANY_DASHBOARD_TOUR: readonly TourStep[] = [
  {
    target: 'company-cards',
    title: 'Your companies',
    content:
      'Each company has a card: its plan, website and brand colours, with Platforms and Campaigns one click away.',
  },
  {
    target: 'company-agenda',
    title: 'Drafts waiting',
    content:
      'Drafts that need your review and the next post going out show here. The review link opens the calendar; you can also answer the morning text (1 YES, 1 NO, or 1 and your changes).',
  },
  {
    target: 'sidebar-company',
    title: 'Switch companies in the sidebar',
    content:
      'Pick a company here to open its overview, platforms, campaigns and calendar; Add company is at the bottom of its list.',
    inSidebar: true,
  },
];
