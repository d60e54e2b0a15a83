import type { ConnectablePlatform } from '#shared/domain/tiers';

/**
 * Where the sandbox's stand-ins for X, LinkedIn and Meta answer on its origin, and the one OAuth
 * client each knows: the sandbox's functions use these when `.env` has no keys for the real
 * provider (function-environment.ts), and the stand-ins refuse any other client, as the real ones
 * would. Facebook and Instagram are one Meta app and one Graph API, so one stand-in.
 */
const META_STAND_IN_PATH = '/_sandbox/providers/meta';
export const STAND_IN_PATHS: Record<ConnectablePlatform, string> = {
  twitter: '/_sandbox/providers/x',
  linkedin: '/_sandbox/providers/linkedin',
  facebook: META_STAND_IN_PATH,
  instagram: META_STAND_IN_PATH,
};

export interface StandInClient {
  clientId: string;
  clientSecret: string;
}

/** A Meta app id is numeric. */
const META_STAND_IN_CLIENT: StandInClient = {
  clientId: '100000000000001',
  clientSecret: 'sailpost-sandbox-meta-secret',
};

export const STAND_IN_CLIENTS: Record<ConnectablePlatform, StandInClient> = {
  twitter: { clientId: 'sailpost-sandbox-x', clientSecret: 'sailpost-sandbox-x-secret' },
  linkedin: {
    clientId: 'sailpost-sandbox-linkedin',
    clientSecret: 'sailpost-sandbox-linkedin-secret',
  },
  facebook: META_STAND_IN_CLIENT,
  instagram: META_STAND_IN_CLIENT,
};

/**
 * Google's stand-in: its issuer is this path on the sandbox's origin, and the one OAuth client it
 * knows is the sandbox's own (a Google client id ends in `.apps.googleusercontent.com`).
 */
export const GOOGLE_STAND_IN_PATH = '/_sandbox/providers/google';

export const GOOGLE_STAND_IN_CLIENT: StandInClient = {
  clientId: 'sailpost-sandbox.apps.googleusercontent.com',
  clientSecret: 'sailpost-sandbox-google-secret',
};
