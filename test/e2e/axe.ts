import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** axe-core in the browser tests: what counts as a finding, and how a failure lists them. */

/** One serious or critical violation axe found, on which screen, and where. */
export interface Finding {
  screen: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The serious and critical violations axe finds on the page as it is now. */
export const seriousViolations = async (page: Page, screen: string): Promise<Finding[]> => {
  // Let entrance transitions settle: axe measures colours as they are painted.
  await page.waitForTimeout(300);
  // A toast still sliding in or out is half transparent, so its text fails contrast as painted:
  // wait for every finite animation (spinners and skeletons loop for ever) to finish.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined); // still moving after 5 s: measure it as it is
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      screen,
      id: violation.id,
      impact: violation.impact!,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
};

/** The findings as a failure message: what to fix, screen by screen. */
export const describeFindings = (findings: Finding[]): string =>
  findings
    .map(
      (finding) =>
        `${finding.screen}: ${finding.id} (${finding.impact}) — ${finding.help}\n    ${finding.targets.join('\n    ')}`,
    )
    .join('\n');
