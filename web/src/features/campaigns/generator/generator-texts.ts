import { DEFAULT_CAMPAIGN_DAYS } from '#shared/domain/campaigns';

/**
 * The generator's own words (the spec's verbatim ones are AI_CAMPAIGN_TEXTS and
 * AI_CAMPAIGN_TOASTS in shared/domain/ai-campaigns).
 */
export const GENERATOR_TEXTS = {
  briefTitle: 'Describe your campaign',
  briefHint:
    'What it is about, who it is for and what it should achieve. Sailpost drafts the campaign: its name, platforms, voice, key messages and instructions.',
  descriptionPlaceholder:
    'A month of posts for our new autumn blend: cosy mornings, Saturday tastings, and 10% off for regulars.',
  ideasLabel: 'Need an idea?',
  sourcesTitle: 'What Sailpost can look at',
  sourcesHint:
    'Optional: pages to read for facts about your offer, and the images or videos you want to use.',
  websitesLegend: 'Websites',
  websitesHint: 'Sailpost reads these pages for facts, prices and wording. Leave empty to skip.',
  addWebsite: 'Add website',
  mediaLegend: 'Media',
  mediaHint:
    'Images are described by AI as you add them; describe videos yourself. The files are added to the campaign when you use it.',
  mediaDrop: 'Drag images or videos here, or select them',
  mediaNotKept: 'Chosen before you left this page: the description is kept, the file is not.',
  describing: 'Describing…',
  describeAgain: 'Describe with AI',
  waitForMedia: 'Waiting for your images to be described…',
  feedbackTitle: 'Provide Feedback',
  feedbackHint: 'What should change? Tone, platforms, messages, anything.',
  feedbackPlaceholder: 'Make it more playful, and add a message about our loyalty card.',
  briefSummaryTitle: 'Your brief',
  historyTitle: 'Generation History',
  firstVersion: 'First draft',
  panelTitle: 'Your campaign',
  emptyHint:
    'Describe your campaign and select Generate Campaign. The draft appears here for you to refine or use.',
  useHint: `Creates a draft campaign starting today for ${DEFAULT_CAMPAIGN_DAYS} days, with your usual posting schedule. You can edit everything before it goes live.`,
  alreadyCampaign: 'You made this version a campaign. Open it, or start a new campaign.',
  offlineSource:
    'Sandbox mode: drafted by the offline drafter from your own words, without an AI service.',
  reconnecting: "Can't reach Sailpost right now. Trying again…",
  historyFailed: 'Your earlier generations could not be loaded.',
  addLater: (count: number) =>
    count === 1 ? "Add it on the campaign's page." : "Add them on the campaign's page.",
  notKept: (names: readonly string[]) =>
    `${names.join(', ')} ${names.length === 1 ? 'was' : 'were'} chosen before you left the generator and could not be added.`,
} as const;
