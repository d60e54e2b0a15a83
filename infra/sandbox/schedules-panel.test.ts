import { describe, expect, it } from 'vitest';
import type { ScheduleView } from './schedule-store';
import { schedulesPanel, type SchedulesPanelView } from './schedules-panel';

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
const described: ScheduleView = {
  ...pending,
  name: 'publish-c3-1',
  description: "Publish X post 'Fresh <b>sourdough</b>…' of Spring loaves, Fri 9:00 AM",
  payload: { contentId: 'c3' },
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

  it('titles a schedule by what it does, as the app described it, its name (ids) a detail', () => {
    const page = schedulesPanel({
      schedules: [described, pending],
      recurring: [],
      morningCompanies: [],
      returnTo: '/_sandbox',
    });
    const row = page.slice(page.indexOf('data-schedule="publish-c3-1"'));
    expect(row).toMatch(
      /^data-schedule="publish-c3-1">\s*<div class="row-main">\s*<div class="row-title"><span class="badge badge-job">publisher<\/span>Publish X post &#39;Fresh &lt;b&gt;sourdough&lt;\/b&gt;…&#39; of Spring loaves, Fri 9:00 AM<\/div>/,
    );
    expect(row).toContain('Schedule <code>publish-c3-1</code> · Payload');
    expect(row).toContain(
      'aria-label="Run now: Publish X post &#39;Fresh &lt;b&gt;sourdough&lt;/b&gt;…&#39; of Spring loaves, Fri 9:00 AM"',
    );
    // One kept from before descriptions is titled by its name.
    expect(page).toContain('<span class="badge badge-job">publisher</span>publish-c1</div>');
  });

  const morningPanel = (morningCompanies: SchedulesPanelView['morningCompanies']) =>
    schedulesPanel({
      schedules: [],
      recurring: [
        { name: 'daily-drafts', everyMinutes: 60 },
        { name: 'sweeper', everyMinutes: 60 },
      ],
      morningCompanies,
      returnTo: '/_sandbox?channel=sms',
    });

  it('says why Morning now has no list: no company yet, or the companies could not be read', () => {
    const none = morningPanel([]);
    expect(none).not.toContain('class="morning-now"');
    expect(none).toContain('Morning now lists the companies once the app has one.');
    const failed = morningPanel({ error: 'DynamoDB <away>' });
    expect(failed).toContain('Morning now cannot list the companies: DynamoDB &lt;away&gt;');
  });

  it('offers Morning now on the morning job only: a company picked from a list, newest first as given, posted to the job with the page to come back to', () => {
    const withMorning = morningPanel([
      { companyId: 'c-new', name: 'Harbor <Coffee>', createdAt: '2026-11-27T10:41:09.000Z' },
      { companyId: 'c-old', name: 'Harbor <Coffee>', createdAt: '2026-11-20T08:00:00.000Z' },
    ]);
    expect(withMorning.match(/>Morning now<\/button>/g)).toHaveLength(1);
    expect(withMorning).toContain(
      '<form class="morning-now" method="post" action="/_sandbox/jobs/daily-drafts/run"><input type="hidden" name="returnTo" value="/_sandbox?channel=sms">',
    );
    expect(withMorning).toContain(
      '<label for="morning-company">Company</label> <select id="morning-company" name="companyId" required><option value="c-new">Harbor &lt;Coffee&gt; · created 2026-11-27 10:41 UTC</option><option value="c-old">Harbor &lt;Coffee&gt; · created 2026-11-20 08:00 UTC</option></select>',
    );
    expect(withMorning).not.toContain('name="companyId" required autocomplete');
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
