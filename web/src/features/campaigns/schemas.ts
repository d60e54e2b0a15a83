import * as z from 'zod';
import {
  campaignDate,
  campaignDescription,
  campaignIntention,
  campaignName,
  campaignPlatforms,
  campaignStatus,
  contentInstructions,
  postingDays,
  postingTimes,
  scheduleMode,
  type Campaign,
  type CreateCampaignBody,
  type UpdateCampaignBody,
} from '#shared/contract/campaigns';
import { brandVoice, timeZone } from '#shared/contract/companies';
import { optionalText } from '#shared/contract/fields';
import {
  CAMPAIGN_TEXTS,
  DEFAULT_CAMPAIGN_INTENTION,
  DEFAULT_CAMPAIGN_STATUS,
  DEFAULT_POSTING_DAYS,
  DEFAULT_POSTING_TIMES,
  KEY_MESSAGE_MAX,
  MAX_KEY_MESSAGES,
} from '#shared/domain/campaigns';
import {
  campaignDateInZone,
  campaignInstant,
  defaultCampaignDates,
} from '#shared/domain/campaign-dates';
import { DEFAULT_SCHEDULE_MODE } from '#shared/domain/post-results';

/**
 * The campaign form: the contract's field builders (the same rules and messages as the API),
 * laid out flat as the form shows them. Key messages are rows ({ value }) for the field array;
 * empty rows are allowed here and dropped on submit.
 */
export const campaignFormSchema = z
  .object({
    name: campaignName(),
    description: campaignDescription(),
    campaignIntention: campaignIntention(),
    startDate: campaignDate('Start date'),
    endDate: campaignDate('End date'),
    status: campaignStatus(),
    platforms: campaignPlatforms(),
    brandVoice: brandVoice(),
    keyMessages: z
      .array(z.object({ value: optionalText('Key message', KEY_MESSAGE_MAX) }))
      .max(MAX_KEY_MESSAGES, `At most ${MAX_KEY_MESSAGES} key messages`),
    contentInstructions: contentInstructions(),
    timeZone: timeZone(),
    days: postingDays(),
    times: postingTimes(),
    mode: scheduleMode(),
  })
  .superRefine((values, ctx) => {
    // Compared as the days they are in the campaign's zone, as the API compares them.
    const start = campaignInstant(values.startDate, values.timeZone);
    const end = campaignInstant(values.endDate, values.timeZone);
    if (start && end && end < start) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: CAMPAIGN_TEXTS.endBeforeStart });
    }
  });

/**
 * What the inputs hold: dates as `yyyy-MM-dd` (the start of that day in the campaign's zone),
 * posting times as `HH:mm`, ascending.
 */
export type CampaignFormInput = z.input<typeof campaignFormSchema>;
export type CampaignFormValues = z.output<typeof campaignFormSchema>;

/**
 * A new campaign: a draft, personal storytelling, from today for 30 days (today in the company's
 * zone), posting weekdays at 9:00 in that zone (fixed times); one empty key message row to start
 * from.
 */
export const newCampaignForm = (companyTimeZone: string, now = new Date()): CampaignFormInput => ({
  name: '',
  description: '',
  campaignIntention: DEFAULT_CAMPAIGN_INTENTION,
  ...defaultCampaignDates(companyTimeZone, now),
  status: DEFAULT_CAMPAIGN_STATUS,
  platforms: [],
  brandVoice: '',
  keyMessages: [{ value: '' }],
  contentInstructions: '',
  timeZone: companyTimeZone,
  days: [...DEFAULT_POSTING_DAYS],
  times: [...DEFAULT_POSTING_TIMES],
  mode: DEFAULT_SCHEDULE_MODE,
});

/** An existing campaign in the form: its dates as the days they are in its zone. */
export const campaignFormFrom = (campaign: Campaign): CampaignFormInput => {
  const zone = campaign.schedule.timeZone;
  const messages = campaign.contentSeeds.keyMessages;
  return {
    name: campaign.name,
    description: campaign.description,
    campaignIntention: campaign.campaignIntention,
    startDate: campaignDateInZone(campaign.startDate, zone),
    endDate: campaignDateInZone(campaign.endDate, zone),
    status: campaign.status,
    platforms: [...campaign.platforms],
    brandVoice: campaign.contentSeeds.brandVoice,
    keyMessages: (messages.length ? messages : ['']).map((value) => ({ value })),
    contentInstructions: campaign.contentSeeds.contentInstructions,
    timeZone: zone,
    days: [...campaign.schedule.days],
    times: [...campaign.schedule.times],
    mode: campaign.schedule.mode,
  };
};

/** The body of PUT /campaigns/{id}: every field (dates as days, read in the schedule's zone). */
export const campaignBodyFrom = (
  values: CampaignFormValues,
): UpdateCampaignBody & {
  name: string;
  startDate: string;
  endDate: string;
} => ({
  name: values.name,
  description: values.description,
  campaignIntention: values.campaignIntention,
  startDate: values.startDate,
  endDate: values.endDate,
  status: values.status,
  platforms: values.platforms,
  contentSeeds: {
    brandVoice: values.brandVoice,
    keyMessages: values.keyMessages.map((row) => row.value).filter(Boolean),
    contentInstructions: values.contentInstructions,
  },
  schedule: {
    timeZone: values.timeZone,
    days: values.days,
    times: values.times,
    mode: values.mode,
  },
});

/** The body of POST /campaigns: the same, with the company it belongs to. */
export const createCampaignBodyFrom = (
  companyId: string,
  values: CampaignFormValues,
): CreateCampaignBody => ({ company: companyId, ...campaignBodyFrom(values) });

/** The form's fields that the server may name in `fields` (by their path in the body). */
export const FORM_FIELDS = [
  'name',
  'description',
  'campaignIntention',
  'startDate',
  'endDate',
  'status',
  'platforms',
  'brandVoice',
  'keyMessages',
  'contentInstructions',
  'timeZone',
  'days',
  'times',
  'mode',
] as const;

/** `contentSeeds.keyMessages.2` → `keyMessages`, `schedule.days` → `days`, `name` → `name`. */
export const formFieldOf = (serverField: string): string | undefined => {
  const [first, second] = serverField.split('.');
  if (first === 'contentSeeds' || first === 'schedule') return second;
  if (first === 'company') return undefined;
  return first;
};
