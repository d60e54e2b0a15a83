import type { TourStep } from '#web/components/tours/tour-step';
import { CAMPAIGN_SCREEN_TEXTS } from './messages';

/** The campaigns page of a company with none yet: the two ways to make one. */
export const CAMPAIGNS_EMPTY_TOUR: readonly TourStep[] = [
  {
    target: 'campaigns-empty',
    title: 'Campaigns drive your posts',
    content:
      'A campaign tells Sailpost what to post about, on which platforms, and on which days and times. Its drafts come to you each morning to approve.',
  },
  {
    target: 'new-campaign',
    title: 'Two ways to start',
    content: `New Campaign offers the ${CAMPAIGN_SCREEN_TEXTS.aiTab}, which writes the whole campaign from a few sentences about your goal, and ${CAMPAIGN_SCREEN_TEXTS.manualTab}, the form to fill in yourself.`,
  },
];

/** The campaigns page with campaigns: the list, their status, and the calendar. */
export const CAMPAIGNS_WITH_DATA_TOUR: readonly TourStep[] = [
  {
    target: 'campaign-list',
    title: 'Your campaigns',
    content:
      'Each campaign with its platforms and dates. Open one to see its media and posts; edit or delete it from the buttons at the right.',
  },
  {
    target: 'campaign-status',
    title: 'Status',
    content:
      'Drafts are written for Active campaigns only. A new campaign starts as a Draft: edit it and set it Active, or pause it to stop its posts for a while.',
  },
  {
    target: 'sidebar-calendar',
    title: 'The calendar',
    content:
      'The calendar shows the company’s posts day by day: drafts waiting for your review, what is scheduled, and what went out.',
    inSidebar: true,
  },
];

const FORM_STEPS: readonly TourStep[] = [
  {
    target: 'campaign-intention',
    title: 'Intention',
    content:
      'What the campaign is for (education, a product launch, an event…): the AI writes its posts toward it.',
  },
  {
    target: 'campaign-dates',
    title: 'Dates',
    content:
      'Posts go out between the start and end dates, in the company’s time zone. Set Status to Active for drafts to be written.',
  },
  {
    target: 'campaign-schedule',
    title: 'Schedule',
    content:
      'Pick the days and times posts go out. Each morning Sailpost drafts that day’s posts and texts you to approve them.',
  },
  {
    target: 'campaign-seeds',
    title: 'Content seeds',
    content:
      'Brand voice, key messages and instructions are what the AI writes from: say what to mention and what to avoid.',
  },
];

/**
 * The campaign form's tour. On the new campaign page it first shows the two tabs, then opens the
 * manual form (`showForm`) for the steps in it; the edit page is the form alone.
 */
export const campaignFormTour = (showForm?: () => void): readonly TourStep[] =>
  showForm
    ? [
        {
          target: 'campaign-tabs',
          title: 'Generate or fill in',
          content: `The ${CAMPAIGN_SCREEN_TEXTS.aiTab} writes a campaign from a short brief, typed or spoken, for you to adjust. ${CAMPAIGN_SCREEN_TEXTS.manualTab} is the form, which the next steps show.`,
        },
        ...FORM_STEPS.map((step) => ({ ...step, before: showForm })),
      ]
    : FORM_STEPS;

/** A campaign's page: media, generating content, reviewing it, and why Active comes first. */
export const CAMPAIGN_DETAILS_TOUR: readonly TourStep[] = [
  {
    target: 'campaign-edit',
    title: 'Active before content',
    content:
      'Content is generated only for an Active campaign. A new campaign is a Draft: press Edit and set its Status to Active (the Generate Content dialog also offers Activate campaign).',
  },
  {
    target: 'campaign-media',
    title: 'Media',
    content:
      'Upload photos and videos for this campaign; the AI picks from them for the posts of the platforms you choose.',
  },
  {
    target: 'campaign-generate',
    title: 'Generate Content',
    content:
      'Generate Content drafts posts for a platform now. The morning text also brings each day’s drafts on its own.',
  },
  {
    target: 'campaign-content',
    title: 'Review before anything posts',
    content:
      'Approve, reject or ask for changes here, or answer the morning text: 1 YES approves the first draft. Nothing is posted without your approval.',
  },
];
