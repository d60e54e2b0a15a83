import 'vitest';

declare module 'vitest' {
  /** What test/support/test-sandbox.ts hands to the API and browser tests: `inject('apiUrl')`. */
  export interface ProvidedContext {
    /** The sandbox's origin, e.g. `http://localhost:41234`; the API is under `/api`. */
    apiUrl: string;
    /** The S3 emulator's origin, where presigned media URLs point. */
    s3Endpoint: string;
    /** DynamoDB Local, for the rare test that must change a record directly (test/api/db.ts). */
    dynamoDbEndpoint: string;
    tableName: string;
    /** A local company website (test/support/test-site.ts) the website reader may fetch. */
    testSiteOrigin: string;
    /** The secret the sandbox's Stripe webhook checks signatures with (tests sign events with it). */
    stripeWebhookSecret: string;
  }
}
