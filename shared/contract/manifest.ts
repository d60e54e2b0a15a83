import { aiRoutes } from './ai';
import { authRoutes } from './auth';
import { billingRoutes } from './billing';
import { campaignsRoutes } from './campaigns';
import { companiesRoutes } from './companies';
import { contentRoutes } from './content';
import { forumRoutes } from './forum';
import { mediaRoutes } from './media';
import { metaRoutes } from './meta';
import { performanceRoutes } from './performance';
import { platformsRoutes } from './platforms';
import { routeKeyOf, type RouteDefinition } from './route';
import { supportRoutes } from './support';
import { usersRoutes } from './users';

/** Every endpoint of the API, once. CDK, the sandbox gateway, the web client and OpenAPI read it. */
export const contract = {
  auth: authRoutes,
  users: usersRoutes,
  companies: companiesRoutes,
  platforms: platformsRoutes,
  campaigns: campaignsRoutes,
  media: mediaRoutes,
  ai: aiRoutes,
  content: contentRoutes,
  billing: billingRoutes,
  meta: metaRoutes,
  forum: forumRoutes,
  support: supportRoutes,
  performance: performanceRoutes,
} as const;

export const routes: readonly RouteDefinition[] = Object.values(contract).flatMap((group) =>
  Object.values(group),
);

export const routesByKey: ReadonlyMap<string, RouteDefinition> = new Map(
  routes.map((route) => [routeKeyOf(route), route]),
);
