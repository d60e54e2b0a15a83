import { platformsRoutes } from '#shared/contract/platforms';
import { loadOwnedCompany } from '../domain/ownership/owned-company';
import { answerCookies } from '../core/http/cookies';
import { createGroupHandler } from '../core/http/group-handler';
import { logger } from '../core/logger';
import { PAGE_CLIENTS, socialClient as clientFor } from '../integrations/social/provider';
import { beginConnection, finishConnection } from './connections';
import {
  deleteCredential,
  listCredentials,
  loadCredential,
  toPlatformCredential,
} from './credentials';
import { choosePage, listPageChoice } from './page-choice';
import { createMediaUpload } from './post-media';
import { postNow } from './posting';
import { revokeGrant } from './revocation';

/**
 * Routing only: each route loads the caller's company first (a stranger's id is refused before
 * anything else happens), then hands over to a domain module.
 */
const routeHandler = createGroupHandler(platformsRoutes, {
  listCredentials: async ({ params, caller }) => {
    const company = await loadOwnedCompany(params.companyId, caller);
    return (await listCredentials(company.companyId)).map(toPlatformCredential);
  },

  deleteCredential: async ({ params, caller }) => {
    const company = await loadOwnedCompany(params.companyId, caller);
    const credential = await loadCredential(company.companyId, params.credentialId);
    await revokeGrant(credential, logger);
    await deleteCredential(credential);
    return { message: 'Platform disconnected' };
  },

  twitterAuthUrl: async ({ params, caller, event }) =>
    beginConnection({
      company: await loadOwnedCompany(params.companyId, caller),
      client: await clientFor('twitter'),
      userId: caller.userId,
      event,
    }),

  linkedinAuthUrl: async ({ query, caller, event }) =>
    beginConnection({
      company: await loadOwnedCompany(query.companyId, caller),
      client: await clientFor('linkedin'),
      userId: caller.userId,
      event,
    }),

  facebookAuthUrl: async ({ params, caller, event }) =>
    beginConnection({
      company: await loadOwnedCompany(params.companyId, caller),
      client: await clientFor('facebook'),
      userId: caller.userId,
      event,
    }),

  instagramAuthUrl: async ({ params, caller, event }) =>
    beginConnection({
      company: await loadOwnedCompany(params.companyId, caller),
      client: await clientFor('instagram'),
      userId: caller.userId,
      event,
    }),

  facebookCallback: async ({ query, event }) =>
    finishConnection({ client: await clientFor('facebook'), query, event, logger }),

  instagramCallback: async ({ query, event }) =>
    finishConnection({ client: await clientFor('instagram'), query, event, logger }),

  facebookPages: async ({ params, caller }) => {
    const company = await loadOwnedCompany(params.companyId, caller);
    return listPageChoice({
      client: await PAGE_CLIENTS.facebook(),
      company,
      userId: caller.userId,
    });
  },

  instagramPages: async ({ params, caller }) => {
    const company = await loadOwnedCompany(params.companyId, caller);
    return listPageChoice({
      client: await PAGE_CLIENTS.instagram(),
      company,
      userId: caller.userId,
    });
  },

  chooseFacebookPage: async ({ params, body, caller }) => {
    const company = await loadOwnedCompany(params.companyId, caller);
    const client = await PAGE_CLIENTS.facebook();
    return toPlatformCredential(
      await choosePage({ client, company, userId: caller.userId, pageId: body.pageId }),
    );
  },

  chooseInstagramPage: async ({ params, body, caller }) => {
    const company = await loadOwnedCompany(params.companyId, caller);
    const client = await PAGE_CLIENTS.instagram();
    return toPlatformCredential(
      await choosePage({ client, company, userId: caller.userId, pageId: body.pageId }),
    );
  },

  twitterCallback: async ({ query, event }) =>
    finishConnection({ client: await clientFor('twitter'), query, event, logger }),

  linkedinCallback: async ({ query, event }) =>
    finishConnection({ client: await clientFor('linkedin'), query, event, logger }),

  createMediaUpload: async ({ params, body, caller }) => {
    const company = await loadOwnedCompany(params.companyId, caller);
    return createMediaUpload(company.companyId, body);
  },

  postToTwitter: async ({ params, body, caller }) =>
    postNow({
      company: await loadOwnedCompany(params.companyId, caller),
      client: await clientFor('twitter'),
      post: body,
      logger,
    }),

  postToLinkedin: async ({ params, body, caller }) =>
    postNow({
      company: await loadOwnedCompany(params.companyId, caller),
      client: await clientFor('linkedin'),
      post: body,
      logger,
    }),

  postToFacebook: async ({ params, body, caller }) =>
    postNow({
      company: await loadOwnedCompany(params.companyId, caller),
      client: await clientFor('facebook'),
      post: body,
      logger,
    }),

  postToInstagram: async ({ params, body, caller }) =>
    postNow({
      company: await loadOwnedCompany(params.companyId, caller),
      client: await clientFor('instagram'),
      post: body,
      logger,
    }),
});

/** Beginning a connection sets the browser's state cookie, and the callback clears it. */
export const handler = Object.assign(routeHandler.use(answerCookies()), {
  routeKeys: routeHandler.routeKeys,
});
