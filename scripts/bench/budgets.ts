import type { Limit } from './table';

/** What the bench holds the product to. Latencies are judged on the median of repeated runs. */
export const BUDGETS = {
  /** Minified, without the source map (FUNCTION_BUNDLE_BUDGET in the CDK construct says the same). */
  bundleKb: { atMost: 600 },
  /** `await import(bundle)` in a fresh Node process, median of INIT_RUNS; endpoint groups only. */
  groupInitMs: { atMost: 150 },
  /**
   * What a person waits for on a cold endpoint group: a fresh Node process imports its bundle and
   * serves one typical request against DynamoDB Local (from the import's start to the answer),
   * median of INIT_RUNS; on the bench machine.
   */
  coldFirstRequestMs: { atMost: 300 },
  /**
   * The entry script and its static imports, which every page loads before anything shows: React
   * DOM and React Router are ~100 KB of it; the rest is the router's table, the session (with the
   * new tab's renewal) and the API client. Back to 110 once chunks were named by their hash alone
   * (the router's preload lists name every route's chunks).
   */
  initialJsGzipKb: { atMost: 110 },
  /** GET /auth/me at a steady 150 req/s. */
  meP99Ms: { atMost: 50 },
  /**
   * A page (100 posts) of the calendar's week, at 0, 1,000 and 10,000 posts in the company, one
   * request at a time: the calendar draws after it, so its usual page stays within the 50 ms that
   * leave a click's tenth of a second for drawing, and its slowest within a quarter second, which
   * still reads as an answer to the click; the same at every size, as a page is one query of one
   * company's timeline. On the sandbox (HTTP, the function in-process, DynamoDB Local).
   */
  companyPostsPageP50Ms: { atMost: 50 },
  companyPostsPageP99Ms: { atMost: 250 },
  /**
   * A forum category's page (20 threads) and a thread's page (20 replies), at 10 and 10,000 threads
   * or replies, one request at a time: as the calendar's page, a usual page within 50 ms and the
   * slowest within a quarter second, the same at every size (each page is one query of one
   * category's index or one thread's partition, and one batch read of the reader's votes).
   */
  forumPageP50Ms: { atMost: 50 },
  forumPageP99Ms: { atMost: 250 },
  /**
   * The Performance page's API (its summary and best times, asked at once) at 0, 1,000 and 20,000
   * published posts, one load at a time: built from the company's totals and top posts, so the same
   * at every size; within a tenth of a second usually and a quarter second at worst.
   */
  performancePageP50Ms: { atMost: 100 },
  performancePageP99Ms: { atMost: 250 },
  /** DELETE /api/companies/{id} with 3,000 campaigns answers before the job has removed them. */
  companyDeleteMs: { below: 1000 },
  /** Mobile Lighthouse (simulated throttling) on /, /login and /dashboard. */
  lcpSeconds: { atMost: 2 },
  performanceScore: { atLeast: 95 },
} as const satisfies Record<string, Limit>;
