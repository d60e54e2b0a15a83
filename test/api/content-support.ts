import type { ContentGeneration, GeneratedContent } from '#shared/contract/content';
import { verifyPhone } from './accounts-support';
import { setPaidTier } from './db';
import { call, registerUser, type RegisteredUser } from './http';
import { connectAccount } from './platforms-support';

/** What the content tests drive the API as: an account, its token and its company. */
export interface ContentOwner {
  account: RegisteredUser;
  token: string;
  companyId: string;
}

/** A campaign date `days` from today (UTC), as the form sends it. */
export const dayFromToday = (days: number): string =>
  new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * An account with a company in Chicago on a tier (gold unless told), X connected and, above
 * intro, LinkedIn too; its phone verified when asked.
 */
export const newContentOwner = async ({
  tier = 'gold',
  phone = false,
  company = {},
}: {
  tier?: 'gold' | 'platinum' | 'intro';
  phone?: boolean;
  company?: Record<string, unknown>;
} = {}): Promise<ContentOwner> => {
  const account = await registerUser();
  const created = await call<{ _id: string }>('POST', '/companies', {
    token: account.token,
    body: {
      name: 'Harbor Coffee',
      timeZone: 'America/Chicago',
      brandVoice: 'Warm and plain',
      ...company,
    },
  });
  const owner = { account, token: account.token, companyId: created.body._id };
  await connectAccount(owner, 'twitter');
  if (tier !== 'intro') {
    await setPaidTier(owner.companyId, tier);
    await connectAccount(owner, 'linkedin');
  }
  if (phone) await verifyPhone(account);
  return owner;
};

/** An active campaign on X running from yesterday for a month (`fields` change any of it). */
export const newCampaign = async (
  owner: Pick<ContentOwner, 'token' | 'companyId'>,
  fields: Record<string, unknown> = {},
): Promise<string> => {
  const result = await call<{ _id: string }>('POST', '/campaigns', {
    token: owner.token,
    body: {
      company: owner.companyId,
      name: 'Spring menu',
      status: 'active',
      platforms: ['twitter'],
      startDate: dayFromToday(-1),
      endDate: dayFromToday(30),
      contentSeeds: {
        brandVoice: 'Warm',
        keyMessages: ['Fresh roast daily', 'The oat latte is back'],
        contentInstructions: 'Short and friendly',
      },
      ...fields,
    },
  });
  if (result.status !== 201) throw new Error(`campaign: ${JSON.stringify(result.body)}`);
  return result.body._id;
};

/** Polls a post's generation until it has finished. */
export const finishedGeneration = async (
  owner: Pick<ContentOwner, 'token'>,
  generationId: string,
): Promise<ContentGeneration> => {
  for (let poll = 0; poll < 200; poll++) {
    const result = await call<ContentGeneration>('GET', `/ai/generations/${generationId}`, {
      token: owner.token,
    });
    if (result.status !== 200) throw new Error(`poll: ${result.status}`);
    if (result.body.status === 'succeeded' || result.body.status === 'failed') return result.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the generation did not finish');
};

/** Generates one post of the campaign (X by default) and answers its id once it is written. */
export const draftPost = async (
  owner: Pick<ContentOwner, 'token'>,
  campaignId: string,
  platform = 'twitter',
): Promise<string> => {
  const started = await call<{ generationId: string }>(
    'POST',
    `/campaigns/${campaignId}/generate`,
    { token: owner.token, body: { platform, sendNotification: false } },
  );
  if (started.status !== 202) throw new Error(`generate: ${JSON.stringify(started.body)}`);
  const generation = await finishedGeneration(owner, started.body.generationId);
  if (generation.status !== 'succeeded') throw new Error(`generation: ${generation.status}`);
  return generation.contentId!;
};

/** Approves a draft as the owner's Approve does; answers the post as the API returned it. */
export const approveDraft = async (
  owner: Pick<ContentOwner, 'token'>,
  campaignId: string,
  contentId: string,
): Promise<GeneratedContent> => {
  const result = await call<{ content: GeneratedContent }>(
    'POST',
    `/campaigns/${campaignId}/content/${contentId}/approve`,
    { token: owner.token, body: { status: 'approved' } },
  );
  if (result.status !== 200) throw new Error(`approve: ${JSON.stringify(result.body)}`);
  return result.body.content;
};
