import * as z from 'zod';
import { defineRoute } from './route';

/** What the web app needs to know about this deployment before anyone signs in. */
const appConfigSchema = z.object({
  stage: z.string(),
  /** True when outside services are stood in for by the sandbox (shown in the UI). */
  sandbox: z.boolean(),
  /** 'Continue with Google' shows only when Google sign-in is configured. */
  googleSignIn: z.boolean(),
  /** GA4, when this stage has a measurement id (GA4_MEASUREMENT_ID); loaded only after consent. */
  analytics: z.object({ measurementId: z.string() }).nullable(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export const metaRoutes = {
  config: defineRoute({
    method: 'GET',
    path: '/config',
    group: 'meta',
    access: 'public',
    summary: 'Public configuration of this deployment',
    response: appConfigSchema,
    errors: [],
  }),
  openapi: defineRoute({
    method: 'GET',
    path: '/openapi.json',
    group: 'meta',
    access: 'public',
    summary: 'This API as an OpenAPI 3.1 document, generated from the contract',
    response: z.record(z.string(), z.unknown()),
    errors: [],
  }),
} as const;
