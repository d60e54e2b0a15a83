import { randomUUID } from 'node:crypto';
import { routes } from '#shared/contract/manifest';
import {
  API_PREFIX,
  routeKeyOf,
  type PathIdOwner,
  type RouteDefinition,
} from '#shared/contract/route';
import { seedMediaAsset, seedReviewLink, setPaidTier, setRole } from '../db';
import {
  apiUrl,
  call,
  checkAgainstContract,
  parseBody,
  registerUser,
  uploadTo,
  type ApiResult,
} from '../http';
import type { MediaUpload } from '#shared/contract/platforms';
import {
  allowAtProvider,
  beginConsent,
  connectAccount,
  followCallback,
  jpegOfSize,
  landing,
  type Owner,
} from '../platforms-support';

/**
 * What the generated sweeps need to call any route of the manifest: a tenant holding one of every
 * resource, the id of each kind of path id (by its declared owner), a valid body for every route
 * that takes one, and a read of everything a tenant can see.
 *
 * A new route with a path id needs its owner declared in the contract (the type insists); a new
 * kind of owner needs a builder in OWNER_FIXTURES (the type insists); a new route with a body
 * needs a sample in SAMPLE_BODIES (the sweeps fail without one).
 */

export interface Tenant {
  token: string;
  userId: string;
  companyId: string;
  /** The company's connected X account. */
  credentialId: string;
  /** A campaign of the company, and a media asset of it. */
  campaignId: string;
  mediaId: string;
  /** The kinds of thing the tenant has deleted (the tenant sweep's owner DELETEs): no longer read. */
  gone: Set<PathIdOwner>;
  /** A file uploaded for the campaign (through its presigned POST), not yet confirmed. */
  uploadKey: string;
  /** An AI campaign generation of the company, finished (so reading it twice answers alike). */
  generationId: string;
  /** A post the AI wrote for the campaign (a draft). */
  contentId: string;
  /** The code of a text's review link to that post. */
  reviewLinkCode: string;
  /**
   * An admin of the Founder Forum (every forum route is open to it), or an ordinary user (the
   * forum does not exist for it: each forum route answers 404, and none is read).
   */
  forumMember: boolean;
  /** As a forum admin: a category it made, a thread it started there and its own reply in it. */
  forumCategorySlug: string;
  forumThreadId: string;
  forumPostId: string;
  /** A support ticket the tenant opened about the company. */
  ticketId: string;
  /**
   * Facebook and Instagram: connected (a Page chosen), then Meta's consent given once more, so a
   * choice of Page is pending too — as the stand-in account `metaAccount`, whose Pages are these.
   */
  metaAccount: string;
  metaPageIds: Record<MetaPlatform, string>;
  /** An image uploaded for Instagram's Post now (which needs one). */
  instagramUploadKey: string;
}

type MetaPlatform = 'facebook' | 'instagram';

/** Gives Meta's consent as `account` for the platform: a choice of Page is then pending. */
const consentAtMeta = async (owner: Owner, platform: MetaPlatform, account: string) => {
  const started = await beginConsent(owner, platform);
  const back = landing(
    await followCallback(await allowAtProvider(started, account), started.cookie),
  );
  if (back.params.choosePage !== 'true') throw new Error(`no ${platform} Page choice pending`);
};

/** The first Page of the pending choice. */
const firstPageOf = async (owner: Owner, platform: MetaPlatform): Promise<string> => {
  const pages = await call<{ pages: { id: string }[] }>(
    'GET',
    `/companies/${owner.companyId}/platforms/${platform}/pages`,
    { token: owner.token },
  );
  const id = pages.body.pages?.[0]?.id;
  if (pages.status !== 200 || !id) throw new Error(`no ${platform} Pages: ${pages.status}`);
  return id;
};

/** Connects Facebook and Instagram (choosing a Page), then leaves a choice of Page pending. */
const connectMetaPending = async (owner: Owner, account: string) => {
  const metaPageIds = {} as Record<MetaPlatform, string>;
  for (const platform of ['facebook', 'instagram'] as const) {
    await consentAtMeta(owner, platform, account);
    metaPageIds[platform] = await firstPageOf(owner, platform);
    const chosen = await call('PUT', `/companies/${owner.companyId}/platforms/${platform}/page`, {
      token: owner.token,
      body: { pageId: metaPageIds[platform] },
    });
    if (chosen.status !== 200) throw new Error(`${platform} not connected: ${chosen.status}`);
    await consentAtMeta(owner, platform, account);
  }
  return metaPageIds;
};

/** A 4:5 JPEG uploaded for Instagram's Post now: its key. */
const uploadInstagramImage = async (owner: Owner): Promise<string> => {
  const bytes = jpegOfSize(1080, 1350);
  const presigned = await call<MediaUpload>(
    'POST',
    `/companies/${owner.companyId}/platform-media`,
    {
      token: owner.token,
      body: {
        platform: 'instagram',
        fileName: 'harbor.jpg',
        contentType: 'image/jpeg',
        size: bytes.length,
      },
    },
  );
  if (presigned.status !== 201) throw new Error(`no Instagram upload: ${presigned.status}`);
  const uploaded = await uploadTo(presigned.body, bytes, {}, 'harbor.jpg');
  if (uploaded.status !== 204) throw new Error(`Instagram upload failed: ${uploaded.status}`);
  return presigned.body.key;
};

/** A category, a thread in it and a reply, all the tenant's (an admin of the forum). */
const createForumThings = async (token: string) => {
  const name = `Harbor ${randomUUID().slice(0, 8)}`;
  const category = await call<{ slug: string }>('POST', '/forum/categories', {
    token,
    body: { name, description: 'Roasting, sourcing and the morning rush', order: 1 },
  });
  if (category.status !== 201) throw new Error(`category not created: ${category.status}`);
  const categories = await call<{ _id: string; slug: string }[]>(
    'GET',
    '/forum/categories/simple',
    { token },
  );
  const categoryId = categories.body.find((choice) => choice.slug === category.body.slug)!._id;
  const thread = await call<{ _id: string }>('POST', '/forum/threads', {
    token,
    body: { title: 'Oat milk or almond?', content: 'What do your regulars ask for?', categoryId },
  });
  if (thread.status !== 201) throw new Error(`thread not created: ${thread.status}`);
  const reply = await call<{ _id: string }>('POST', '/forum/posts', {
    token,
    body: { content: 'Oat, **by far**.', threadId: thread.body._id },
  });
  if (reply.status !== 201) throw new Error(`reply not written: ${reply.status}`);
  return {
    forumCategorySlug: category.body.slug,
    forumThreadId: thread.body._id,
    forumPostId: reply.body._id,
  };
};

/** Uploads a small PNG for the campaign as the browser does; answers the key to confirm. */
const uploadCampaignFile = async (token: string, campaignId: string): Promise<string> => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const upload = await call<{ key: string; url: string; fields: Record<string, string> }>(
    'POST',
    `/campaigns/${campaignId}/media/uploads`,
    { token, body: { fileName: 'harbor.png', contentType: 'image/png', size: png.length } },
  );
  if (upload.status !== 201) throw new Error(`upload not presigned: ${upload.status}`);
  const posted = await uploadTo(upload.body, png, {}, 'harbor.png');
  if (posted.status !== 204) throw new Error(`upload refused by S3: ${posted.status}`);
  return upload.body.key;
};

/** Waits for a generation to succeed; answers what it finished with. */
const finished = async <T>(token: string, started: ApiResult<{ generationId: string }>) => {
  if (started.status !== 202) throw new Error(`generation not started: ${started.status}`);
  const { generationId } = started.body;
  for (let poll = 0; poll < 100; poll++) {
    const generation = await call<T & { status: string }>(
      'GET',
      `/ai/generations/${generationId}`,
      { token },
    );
    if (generation.body.status === 'succeeded') return { generationId, ...generation.body };
    if (generation.body.status === 'failed') throw new Error('the tenant’s generation failed');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the tenant’s generation did not finish');
};

/** A campaign date `days` from today (UTC), as the form sends it. */
const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * A registered account with a company on the platinum tier (so every platform route is open to
 * it), an X, a LinkedIn, a Facebook and an Instagram account connected to the company (Meta's with
 * a choice of Page pending again) (through the sandbox's stand-ins of their
 * consent pages), a campaign with a media asset, and a finished AI campaign generation.
 */
export const createTenant = async ({
  forumMember = true,
}: { forumMember?: boolean } = {}): Promise<Tenant> => {
  const { token, user } = await registerUser();
  // Set, never left to the founder seats (whether an account is among the first 50 depends on
  // the files that ran before).
  await setRole(user._id, forumMember ? 'admin' : 'user');
  const company = await call<{ _id: string }>('POST', '/companies', {
    token,
    body: { name: 'Harbor Coffee', description: 'Small-batch roasters', website: 'harbor.coffee' },
  });
  if (company.status !== 201) throw new Error(`company not created: ${company.status}`);
  const companyId = company.body._id;
  // Tiers change with billing (a later issue): seeded as the webhook writes them.
  await setPaidTier(companyId, 'platinum');
  const credentialId = await connectAccount({ token, companyId }, 'twitter');
  await connectAccount({ token, companyId }, 'linkedin');
  const metaAccount = `harbor-${randomUUID().slice(0, 8)}`;
  const metaPageIds = await connectMetaPending({ token, companyId }, metaAccount);
  const instagramUploadKey = await uploadInstagramImage({ token, companyId });
  const campaign = await call<{ _id: string }>('POST', '/campaigns', {
    token,
    body: {
      company: companyId,
      name: 'Spring menu',
      status: 'active',
      platforms: ['twitter', 'linkedin'],
      // Running today, so the AI may write its posts.
      startDate: dayFromToday(-1),
      endDate: dayFromToday(30),
    },
  });
  if (campaign.status !== 201) throw new Error(`campaign not created: ${campaign.status}`);
  const campaignId = campaign.body._id;
  // The media asset as the media API writes it (its file is not uploaded).
  const mediaId = await seedMediaAsset(companyId, campaignId);
  const uploadKey = await uploadCampaignFile(token, campaignId);
  const { generationId } = await finished(
    token,
    await call('POST', '/ai/generate-campaign', {
      token,
      body: { companyId, prompt: 'A spring menu launch for our regulars' },
    }),
  );
  const { contentId } = await finished<{ contentId: string }>(
    token,
    await call('POST', `/campaigns/${campaignId}/generate`, {
      token,
      body: { platform: 'twitter', sendNotification: false },
    }),
  );
  // The tenant has no verified phone, so no text: its link as a draft text writes it.
  const reviewLinkCode = await seedReviewLink(user._id, { companyId, campaignId, contentId });
  const forum = forumMember
    ? await createForumThings(token)
    : { forumCategorySlug: '', forumThreadId: '', forumPostId: '' };
  const ticket = await call<{ _id: string }>('POST', '/support/tickets', {
    token,
    body: { subject: 'Posts not going out', description: 'Since Monday', companyId },
  });
  if (ticket.status !== 201) throw new Error(`ticket not opened: ${ticket.status}`);
  return {
    forumMember,
    ...forum,
    token,
    userId: user._id,
    companyId,
    credentialId,
    campaignId,
    mediaId,
    uploadKey,
    generationId,
    contentId,
    reviewLinkCode,
    ticketId: ticket.body._id,
    metaAccount,
    metaPageIds,
    instagramUploadKey,
    gone: new Set(),
  };
};

/** The tenant's id for each kind of path id, keyed by the owner the contract declares. */
export const OWNER_FIXTURES: Record<PathIdOwner, (tenant: Tenant) => string> = {
  caller: (tenant) => tenant.userId,
  company: (tenant) => tenant.companyId,
  credential: (tenant) => tenant.credentialId,
  campaign: (tenant) => tenant.campaignId,
  media: (tenant) => tenant.mediaId,
  generation: (tenant) => tenant.generationId,
  content: (tenant) => tenant.contentId,
  reviewLink: (tenant) => tenant.reviewLinkCode,
  forumCategory: (tenant) => tenant.forumCategorySlug,
  forumThread: (tenant) => tenant.forumThreadId,
  forumPost: (tenant) => tenant.forumPostId,
  ticket: (tenant) => tenant.ticketId,
};

/** What holds each kind of thing: deleting a campaign deletes its media assets too. */
export const OWNER_PARENT: Record<PathIdOwner, PathIdOwner | null> = {
  caller: null,
  company: 'caller',
  credential: 'company',
  campaign: 'company',
  media: 'campaign',
  generation: 'company',
  content: 'campaign',
  reviewLink: 'content',
  // The forum's things are the tenant's own only as their author; none is inside a company.
  forumCategory: 'caller',
  forumThread: 'forumCategory',
  forumPost: 'forumThread',
  ticket: 'caller',
};

/** How deep inside a tenant's things a kind of path id is (a media asset: 3). */
export const ownerDepth = (owner: PathIdOwner): number => {
  const parent = OWNER_PARENT[owner];
  return parent ? ownerDepth(parent) + 1 : 0;
};

/** The deepest kind of thing the route's path names (what a DELETE of it deletes). */
export const deepestOwnerOf = (route: RouteDefinition): PathIdOwner | undefined =>
  Object.values(route.owners ?? {}).sort((a, b) => ownerDepth(b) - ownerDepth(a))[0];

/** Whether the thing, or what holds it, has been deleted. */
const isGone = (tenant: Tenant, owner: PathIdOwner): boolean => {
  for (let at: PathIdOwner | null = owner; at; at = OWNER_PARENT[at]) {
    if (tenant.gone.has(at)) return true;
  }
  return false;
};

export const pathParamsOf = (route: RouteDefinition): string[] =>
  [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!);

/**
 * The route's path filled with the tenant's ids (or, for the params in `raw`, with a segment sent
 * as given); throws when a path id declares no owner or its owner has no fixture.
 */
export const pathFor = (
  route: RouteDefinition,
  tenant: Tenant,
  raw: Readonly<Record<string, string>> = {},
): string =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (raw[name] !== undefined) return raw[name];
    const owner = route.owners?.[name];
    if (!owner) throw new Error(`${routeKeyOf(route)}: {${name}} declares no owner`);
    const fixture = OWNER_FIXTURES[owner] as ((tenant: Tenant) => string) | undefined;
    if (!fixture) throw new Error(`${routeKeyOf(route)}: no fixture for owner "${owner}"`);
    return encodeURIComponent(fixture(tenant));
  });

const NO_ONES_COMPANY = '00000000-0000-4000-8000-000000000000';
const DAY_MS = 24 * 60 * 60 * 1000;

/** A valid body for every route that takes one (what the form would send). */
export const SAMPLE_BODIES: Readonly<Record<string, Record<string, unknown>>> = {
  'POST /api/auth/login': { email: 'someone@example.com', password: 'correct-horse-battery' },
  'POST /api/auth/register': {
    email: 'someone@example.com',
    password: 'correct-horse-battery',
    firstName: 'Ada',
    lastName: 'Lovelace',
    phoneNumber: '(555) 555-0100',
  },
  'POST /api/auth/forgot-password': { email: 'someone@example.com' },
  'POST /api/auth/reset-password': { token: 'a-reset-token', newPassword: 'correct-horse-battery' },
  'POST /api/auth/2fa/enable': { phoneNumber: '(555) 555-0100', isVerification: true },
  'POST /api/auth/2fa/verify': { code: '123456', isVerification: true },
  'POST /api/auth/google/callback': { token: 'a-single-use-sign-in-code' },
  // The tenant's own password (registerUser's): the link starts, and nothing is linked.
  'POST /api/auth/google/link': { password: 'correct-horse-battery' },
  'PUT /api/users/{id}': { firstName: 'Mallory', lastName: 'Intruder', completedTours: [] },
  'POST /api/companies': { name: 'Harbor Coffee', description: 'Roasters' },
  'PUT /api/companies/{id}': { name: 'Hijacked', brandVoice: 'Loud' },
  'POST /api/ai/company-profile': { website: 'https://harbor.coffee' },
  // The generator names the company in the body: an id of no one's company, as billing's.
  'POST /api/ai/generate-campaign': {
    companyId: NO_ONES_COMPANY,
    prompt: 'A spring menu launch for our regulars',
    campaignIntention: 'product-launch',
    websiteUrls: ['https://harbor.coffee'],
    mediaAssets: [{ fileName: 'harbor.jpg', type: 'image', description: 'The roastery' }],
  },
  'POST /api/ai/refine-campaign': {
    companyId: NO_ONES_COMPANY,
    prompt: 'A spring menu launch for our regulars',
    feedback: 'Warmer, and mention the new oat latte',
    historyId: '00000000-0000-7000-8000-000000000000',
    previousCampaign: {
      name: 'Spring menu',
      description: 'Seasonal drinks',
      platforms: ['twitter'],
      contentSeeds: {
        brandVoice: 'Warm',
        keyMessages: ['Fresh roast daily'],
        contentInstructions: '',
      },
      mediaAssets: [],
    },
  },
  'POST /api/ai/analyze-media': {
    companyId: NO_ONES_COMPANY,
    fileName: 'dot.png',
    image:
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  },
  'POST /api/companies/{companyId}/platform-media': {
    platform: 'twitter',
    fileName: 'harbor.jpg',
    contentType: 'image/jpeg',
    size: 1024,
  },
  // POST /campaigns names the company in the body: an id of no one's company, as billing's.
  'POST /api/campaigns': {
    company: NO_ONES_COMPANY,
    name: 'Spring menu',
    description: 'Seasonal drinks',
    campaignIntention: 'product-launch',
    startDate: '2026-03-01',
    endDate: '2026-03-31',
    status: 'draft',
    platforms: ['twitter'],
    contentSeeds: {
      brandVoice: 'Warm',
      keyMessages: ['Fresh roast daily'],
      contentInstructions: 'Short posts',
    },
    schedule: { timeZone: 'America/New_York', days: ['mon', 'wed'], times: ['09:00'] },
    // 'Use This Campaign': the generator version it is made from (here no one's).
    fromGeneration: '00000000-0000-7000-8000-000000000000',
  },
  'PUT /api/campaigns/{id}': {
    name: 'Hijacked',
    description: 'Changed',
    // Still running today: the content routes are swept after it.
    startDate: dayFromToday(-2),
    endDate: dayFromToday(20),
    platforms: ['twitter'],
    contentSeeds: { brandVoice: 'Loud', keyMessages: [], contentInstructions: '' },
    schedule: { days: ['fri'], times: ['17:30'] },
  },
  // Active, as it was: the content routes, swept after it, need an active campaign.
  'PATCH /api/campaigns/{id}/status': { status: 'active' },
  'POST /api/campaigns/{campaignId}/generate': { platform: 'twitter', sendNotification: false },
  // Undo, declared just before it, found the post a draft: nothing to take back, answered as is.
  'POST /api/campaigns/{campaignId}/content/{contentId}/approve': {
    status: 'approved',
    feedback: 'Lovely',
  },
  // Approved above, so scheduled: published now (the sweep waits for the publisher).
  'POST /api/campaigns/{campaignId}/content/{contentId}/schedule': { now: true },
  // A post of no one's: answered as not found, in the list of outcomes.
  'POST /api/companies/{companyId}/posts/approve': {
    contentIds: ['00000000-0000-7000-8000-000000000000'],
  },
  'POST /api/campaigns/{campaignId}/media/uploads': {
    fileName: 'harbor.jpg',
    contentType: 'image/jpeg',
    size: 1024,
  },
  'POST /api/campaigns/{campaignId}/media': {
    key: 'uploads/companies/00000000-0000-4000-8000-000000000000/campaigns/00000000-0000-4000-8000-000000000000/00000000-0000-7000-8000-000000000000.jpg',
    description: 'The roastery',
    usage: 'primary',
    platforms: ['twitter'],
  },
  'PUT /api/campaigns/{campaignId}/media/{mediaId}': {
    description: 'Hijacked',
    usage: 'reference',
    platforms: ['linkedin'],
  },
  'POST /api/platforms/twitter/post/{companyId}': { text: 'Fresh roast this morning', media: [] },
  'POST /api/platforms/facebook/post/{companyId}': { text: 'Fresh roast this morning', media: [] },
  'POST /api/platforms/instagram/post/{companyId}': {
    text: 'Fresh roast this morning',
    media: [{ key: 'uploads/instagram.jpg' }],
  },
  'PUT /api/companies/{companyId}/platforms/facebook/page': { pageId: '1000000000000001' },
  'PUT /api/companies/{companyId}/platforms/instagram/page': { pageId: '1000000000000001' },
  'POST /api/platforms/linkedin/companies/{companyId}/post': {
    text: 'Fresh roast this morning',
    media: [],
  },
  // Billing names the company in the body: an id of no one's company (the tenant sweep covers
  // path ids; billing's own tests call these with another user's company).
  'POST /api/stripe/create-checkout-session': { companyId: NO_ONES_COMPANY, tier: 'gold' },
  'POST /api/stripe/cancel-subscription': { companyId: NO_ONES_COMPANY },
  'POST /api/stripe/resume-subscription': { companyId: NO_ONES_COMPANY },
  'POST /api/stripe/billing-portal': { companyId: NO_ONES_COMPANY },
  // The forum: categories and threads named in a body are no one's (the tenant sweep covers the
  // path ids; the forum's own tests the rest).
  'POST /api/forum/categories': {
    name: 'Espresso & Milk',
    slug: 'espresso-milk',
    description: 'Shots, steaming and latte art',
    order: 2,
  },
  'POST /api/forum/threads': {
    title: 'Best grinder under $500?',
    content: 'Looking for **burr** grinders.',
    categoryId: NO_ONES_COMPANY,
  },
  'PUT /api/forum/threads/{id}': {
    title: 'Oat milk or almond milk?',
    content: 'Asking for a café.',
  },
  'PUT /api/forum/threads/{id}/hide': { hidden: true },
  'PUT /api/forum/threads/{id}/pin': { pinned: true },
  'POST /api/forum/posts': { content: 'Oat, by far.', threadId: NO_ONES_COMPANY },
  'PUT /api/forum/threads/{threadId}/posts/{postId}': { content: 'Oat, by far (edited).' },
  'PUT /api/forum/threads/{threadId}/posts/{postId}/hide': { hidden: true },
  'POST /api/forum/votes': { type: 'up', threadId: NO_ONES_COMPANY, postId: null },
  // A ticket about no one's company (refused, as billing's): the sweeps write no ticket.
  'POST /api/support/tickets': {
    subject: 'Posts not going out',
    description: 'Nothing has been posted since Monday.',
    priority: 'high',
    companyId: NO_ONES_COMPANY,
    context: { browser: 'Mozilla/5.0', page: '/dashboard/campaigns' },
    attachmentIds: [],
  },
  // The ticket is named in the body: no one's (the tenant sweep covers the path ids).
  'POST /api/support/responses': {
    content: 'Any news?',
    ticketId: '00000000-0000-7000-8000-000000000000',
    internal: false,
    attachmentIds: [],
  },
  // Closing (staff may, and again changes nothing): the same answer before or after the owner's
  // own PUT …/close in the tenant sweep.
  'PATCH /api/support/tickets/{id}': { status: 'closed' },
  'POST /api/support/attachments': {
    fileName: 'screenshot.png',
    contentType: 'image/png',
    size: 2048,
  },
};

/**
 * Routes only admins may call (the business's numbers): hidden from everyone else, whose call
 * answers 404 as a route that does not exist. A tenant that is a forum member is an admin.
 */
export const ADMIN_ONLY_ROUTES: readonly RouteDefinition[] = routes.filter(
  (route) => route.access === 'admin',
);

/**
 * Routes only staff may call (anyone else is refused after the path's ids are found): the tenant
 * sweep shows their ids are real through a staff account instead of the tenant.
 */
export const STAFF_ONLY_ROUTES: ReadonlySet<string> = new Set(['PATCH /api/support/tickets/{id}']);

/** A registered account made staff through the sandbox's own route. */
export const createStaff = async (): Promise<{ token: string }> => {
  const { token, user } = await registerUser({ firstName: 'Sam', lastName: 'Support' });
  const response = await fetch(`${apiUrl()}/_sandbox/api/users/role`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, role: 'staff' }),
  });
  if (response.status !== 200) throw new Error(`staff not made: ${response.status}`);
  return { token };
};

/**
 * A valid query for every route whose query has a required parameter, from the tenant's ids (the
 * sweeps change one parameter of it at a time). Routes whose parameters are all optional need none.
 */
export const SAMPLE_QUERIES: Readonly<Record<string, (tenant: Tenant) => Record<string, string>>> =
  {
    'GET /api/platforms/linkedin/oauth/initiate': (tenant) => ({ companyId: tenant.companyId }),
    // The weeks around the tenant's post: published by the sweep, or still scheduled.
    'GET /api/companies/{companyId}/posts': () => ({
      from: new Date(Date.now() - 7 * DAY_MS).toISOString(),
      to: new Date(Date.now() + 28 * DAY_MS).toISOString(),
    }),
  };

export const sampleQuery = (route: RouteDefinition, tenant: Tenant): Record<string, string> =>
  SAMPLE_QUERIES[routeKeyOf(route)]?.(tenant) ?? {};

/**
 * The route's path as `pathFor` fills it and, where the route needs one, its sample query: so a
 * call is refused, or not, for its path alone.
 */
export const samplePathFor = (
  route: RouteDefinition,
  tenant: Tenant,
  raw: Readonly<Record<string, string>> = {},
): string => {
  const query = new URLSearchParams(sampleQuery(route, tenant)).toString();
  const path = pathFor(route, tenant, raw);
  return query ? `${path}?${query}` : path;
};

/**
 * GET routes that are no reads: each call begins something new (an OAuth connection's state and
 * consent URL), so two calls never answer alike. They are swept for access like any route, but
 * left out of `readEverything`.
 */
export const NOT_READS: ReadonlySet<string> = new Set([
  'GET /api/platforms/twitter/auth/{companyId}',
  'GET /api/platforms/linkedin/oauth/initiate',
  'GET /api/platforms/facebook/auth/{companyId}',
  'GET /api/platforms/instagram/auth/{companyId}',
  // A pending choice of Page: choosing one spends it, so its answer is no standing state.
  'GET /api/companies/{companyId}/platforms/facebook/pages',
  'GET /api/companies/{companyId}/platforms/instagram/pages',
]);

/**
 * What an owner's call needs first: choosing a Page spends Meta's consent, so the calls that read
 * or use a pending choice get a fresh one (the same account: the same Pages).
 */
export const prepareOwnerCall = async (route: RouteDefinition, tenant: Tenant): Promise<void> => {
  const platform = /\/platforms\/(facebook|instagram)\/(?:pages|page)$/.exec(route.path)?.[1] as
    MetaPlatform | undefined;
  if (platform) await consentAtMeta(tenant, platform, tenant.metaAccount);
};

/**
 * Samples that only succeed with something of the tenant's own: confirming a media upload needs
 * a file the tenant uploaded (the sweeps' owner call must succeed).
 */
export const TENANT_SAMPLE_BODIES: Readonly<
  Record<string, (tenant: Tenant) => Record<string, unknown>>
> = {
  'POST /api/campaigns/{campaignId}/media': (tenant) => ({
    ...SAMPLE_BODIES['POST /api/campaigns/{campaignId}/media'],
    key: tenant.uploadKey,
  }),
  'POST /api/companies/{companyId}/posts/approve': (tenant) => ({
    contentIds: [tenant.contentId],
  }),
  'PUT /api/companies/{companyId}/platforms/facebook/page': (tenant) => ({
    pageId: tenant.metaPageIds.facebook,
  }),
  'PUT /api/companies/{companyId}/platforms/instagram/page': (tenant) => ({
    pageId: tenant.metaPageIds.instagram,
  }),
  'POST /api/platforms/instagram/post/{companyId}': (tenant) => ({
    text: 'Fresh roast this morning',
    media: [{ key: tenant.instagramUploadKey }],
  }),
};

/** The route's sample body; with a tenant, the tenant's own where the route needs one. */
export const sampleBody = (route: RouteDefinition, tenant?: Tenant): Record<string, unknown> => {
  const forTenant = tenant && TENANT_SAMPLE_BODIES[routeKeyOf(route)];
  if (forTenant) return forTenant(tenant);
  const sample = SAMPLE_BODIES[routeKeyOf(route)];
  if (!sample)
    throw new Error(`${routeKeyOf(route)} takes a body but has no sample in SAMPLE_BODIES`);
  return sample;
};

/**
 * Everything the tenant can read: every signed-in GET route with the tenant's ids (but those of
 * things it has deleted), answer by route key. Equal before and after means nothing of the
 * tenant's changed.
 */
export const readEverything = async (tenant: Tenant): Promise<Record<string, unknown>> => {
  const reads = routes.filter(
    (route) =>
      route.method === 'GET' &&
      route.access !== 'public' &&
      (route.access !== 'forum' || tenant.forumMember) &&
      // The business's numbers are everyone's, not the tenant's: anyone's sign-up moves them.
      route.access !== 'admin' &&
      !NOT_READS.has(routeKeyOf(route)) &&
      !Object.values(route.owners ?? {}).some((owner) => isGone(tenant, owner)),
  );
  const answers = await Promise.all(
    reads.map(async (route) => {
      const result = await call('GET', samplePathFor(route, tenant), { token: tenant.token });
      if (result.status !== 200) {
        throw new Error(`${routeKeyOf(route)} answered its owner ${result.status}`);
      }
      return [routeKeyOf(route), withoutSignatures(result.body)] as const;
    }),
  );
  return Object.fromEntries(answers);
};

/**
 * A presigned link is signed anew each hour (its date is the hour's start, so browsers can cache
 * it within the hour); the object it points at is what a write could have changed, not the
 * signature. Without this a sweep that runs across the hour sees every link change.
 */
const withoutSignatures = (value: unknown): unknown => {
  if (typeof value === 'string') {
    return value.includes('X-Amz-Signature=') ? value.slice(0, value.indexOf('?')) : value;
  }
  if (Array.isArray(value)) return value.map(withoutSignatures);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, withoutSignatures(inner)]),
    );
  }
  return value;
};

export const userCount = async (): Promise<number> =>
  (await call<{ total: number }>('GET', '/users/count/total')).body.total;

/**
 * A request as a hostile client would send it: any raw body, any content type (or none). The
 * answer is still held to the route's contract (status, code, schema).
 */
export const send = async (
  method: string,
  path: string,
  options: {
    token?: string;
    body?: string;
    contentType?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<ApiResult<Record<string, unknown>>> => {
  const headers: Record<string, string> = { ...options.headers };
  if (options.contentType) headers['content-type'] = options.contentType;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${apiUrl()}${API_PREFIX}${path}`, {
    method,
    headers,
    // Bytes, not a string: fetch would label a string text/plain; this sends only what was asked.
    body: options.body === undefined ? undefined : Buffer.from(options.body),
    // A redirect (an OAuth callback's answer) is the answer under test, not something to follow.
    redirect: 'manual',
  });
  const text = await response.text();
  const result = {
    status: response.status,
    body: parseBody<Record<string, unknown>>(response.status, text),
    headers: response.headers,
  };
  checkAgainstContract(method, path, result);
  return result;
};

/** Runs `work` over the items, `limit` at a time: real parallel requests, but not hundreds at once. */
export const inBatches = async <T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> => {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
};
