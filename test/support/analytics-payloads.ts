import {
  findPersonalData,
  SANDBOX_ANALYTICS_API_PATH,
  type PersonalDataFinding,
  type RecordedAnalyticsEvent,
  type SandboxAnalyticsList,
} from '#shared/domain/analytics';

/**
 * The names the suites' people and companies are given (test/e2e/browser.ts, test/api/http.ts and
 * the tests that pass their own): none may reach an analytics payload.
 */
export const TEST_NAMES = [
  'Maya',
  'Lopez',
  'Ada',
  'Lovelace',
  'Grace',
  'Hopper',
  'Sam',
  'Mallory',
  'Augusta',
  'Byron',
  'Reyes',
  'Noah',
  'Moreau',
  'Ines',
  'Harbor Coffee',
] as const;

/** Everything the sandbox's GA4 stand-in received so far, browser hits and Measurement Protocol calls. */
export const receivedAnalytics = async (sandboxUrl: string): Promise<RecordedAnalyticsEvent[]> => {
  const response = await fetch(`${sandboxUrl}${SANDBOX_ANALYTICS_API_PATH}`);
  if (!response.ok) throw new Error(`${SANDBOX_ANALYTICS_API_PATH} answered ${response.status}`);
  return ((await response.json()) as SandboxAnalyticsList).events;
};

export interface PayloadProblem extends Partial<PersonalDataFinding> {
  event: string;
  source: RecordedAnalyticsEvent['source'];
  /** A parameter (or event) the contract does not know: free text could ride in it. */
  outsideContract?: string[];
}

/**
 * What is wrong with the payloads the stand-in received: anything that looks like an email, a
 * phone number or one of the test names (`extraNames` too), anywhere in an event (its page's
 * address and title included), and any event or parameter outside the contract.
 */
export const analyticsPayloadProblems = async (
  sandboxUrl: string,
  extraNames: readonly string[] = [],
): Promise<PayloadProblem[]> =>
  (await receivedAnalytics(sandboxUrl)).flatMap((event) => [
    ...findPersonalData(event, [...TEST_NAMES, ...extraNames]).map((finding) => ({
      event: event.event,
      source: event.source,
      ...finding,
    })),
    ...(event.unknownParams
      ? [{ event: event.event, source: event.source, outsideContract: event.unknownParams }]
      : []),
  ]);
