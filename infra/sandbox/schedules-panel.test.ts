import { describe, expect, it } from 'vitest';
import type { ScheduleView } from './schedule-store';
import { schedulesPanel } from './schedules-panel';

const pending: ScheduleView = {
  name: 'publish-c1',
  job: 'publisher',
  at: '2026-03-12T19:00:00.000Z',
  timeZone: 'Europe/Berlin',
  payload: { contentId: '<script>x</script>' },
  state: 'pending',
  createdAt: '2026-03-10T08:00:00.000Z',
  runs: [],
};
const failed: ScheduleView = {
  ...pending,
  name: 'publish-c2',
  timeZone: 'UTC',
  payload: { contentId: 'c2' },
  state: 'failed',
  runs: [
    { at: '2026-03-12T19:00:01.000Z', trigger: 'timer', outcome: 'failed', error: 'X said <no>' },
  ],
};

describe('schedulesPanel', () => {
  const html = schedulesPanel({
    schedules: [pending, failed],
    recurring: [{ name: 'sweeper', everyMinutes: 60 }],
    returnTo: '/_sandbox?channel=sms',
  });

  it('lists pending and past schedules with their time in UTC and in their zone', () => {
    expect(html).toContain('Pending <span class="count">1</span>');
    expect(html).toContain('Past <span class="count">1</span>');
    expect(html.indexOf('publish-c1')).toBeLessThan(html.indexOf('Past'));
    expect(html.indexOf('publish-c2')).toBeGreaterThan(html.indexOf('Past'));
    expect(html).toContain('2026-03-12 19:00:00 UTC · 2026-03-12 20:00:00 Europe/Berlin (GMT+1)');
    expect(html).toContain('<span class="outcome outcome-failed">Failed</span>');
  });

  it('escapes payloads, names and errors', () => {
    expect(html).not.toContain('<script>x');
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(html).toContain('X said &lt;no&gt;');
  });

  it('offers Run now as a form that posts to the schedule and comes back to the page', () => {
    expect(html).toContain(
      '<form method="post" action="/_sandbox/schedules/publish-c1/run"><input type="hidden" name="returnTo" value="/_sandbox?channel=sms">',
    );
    expect(html).toContain('action="/_sandbox/jobs/sweeper/run"');
    expect(html.match(/<button type="submit"[^>]*>Run now<\/button>/g)).toHaveLength(3);
    // The name begins with the visible label (axe: label-content-name-mismatch), then says which.
    expect(html).toContain('<button type="submit" aria-label="Run now: sweeper">Run now</button>');
  });

  it('offers Morning now on the morning job only: a company id, posted to the job with the page to come back to', () => {
    const withMorning = schedulesPanel({
      schedules: [],
      recurring: [
        { name: 'daily-drafts', everyMinutes: 60 },
        { name: 'sweeper', everyMinutes: 60 },
      ],
      returnTo: '/_sandbox?channel=sms',
    });
    expect(withMorning.match(/>Morning now<\/button>/g)).toHaveLength(1);
    expect(withMorning).toContain(
      '<form class="morning-now" method="post" action="/_sandbox/jobs/daily-drafts/run"><input type="hidden" name="returnTo" value="/_sandbox?channel=sms">',
    );
    expect(withMorning).toMatch(/<label>Company id <input name="companyId" required/);
    expect(html).not.toContain('Morning now');
  });

  it("shows what the last run said of itself beside it: Morning now's word on the company's morning", () => {
    const morning = schedulesPanel({
      schedules: [],
      recurring: [
        {
          name: 'daily-drafts',
          everyMinutes: 60,
          lastRun: {
            at: '2026-03-12T08:00:00.000Z',
            trigger: 'manual',
            outcome: 'done',
            summary: 'Nothing was sent: texts are off (the owner replied <STOP>).',
          },
        },
      ],
      returnTo: '/_sandbox',
    });
    expect(morning).toMatch(
      /<div class="row-detail">Last run by hand · <time[^>]*>[^<]*<\/time> · Nothing was sent: texts are off \(the owner replied &lt;STOP&gt;\)\.<\/div>/,
    );
  });

  it('says so when nothing is scheduled', () => {
    const empty = schedulesPanel({ schedules: [], recurring: [], returnTo: '/_sandbox' });
    expect(empty).toContain('Nothing is scheduled.');
    expect(empty).not.toContain('<form');
  });
});
