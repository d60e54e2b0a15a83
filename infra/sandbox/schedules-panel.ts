import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import type { JobView } from './events-service';
import { escapeHtml, signatureOf } from './html';
import type { RunRecord, ScheduleView } from './schedule-store';

/**
 * The Schedules section of `/_sandbox`: pending one-time schedules (soonest first), past ones
 * (latest first) with their last outcome, and the recurring jobs — each with a Run now button, a
 * plain form post that runs it and comes back to the page.
 */

export interface SchedulesPanelView {
  schedules: readonly ScheduleView[];
  recurring: readonly JobView[];
  /** The page (with its filters) the forms come back to. */
  returnTo: string;
}

/** Past schedules shown; older ones stay in the JSON list. */
const MAX_PAST = 10;

const OUTCOME_LABELS: Record<RunRecord['outcome'], string> = {
  done: 'Done',
  duplicate: 'Duplicate',
  failed: 'Failed',
};

const utc = (at: string): string =>
  format(new Date(at), 'yyyy-MM-dd HH:mm:ss', { in: tz('UTC') }) + ' UTC';

const inZone = (at: string, timeZone: string): string =>
  `${format(new Date(at), 'yyyy-MM-dd HH:mm:ss', { in: tz(timeZone) })} ${timeZone} (${format(
    new Date(at),
    'zzz',
    { in: tz(timeZone) },
  )})`;

const relative = (at: string): string =>
  `<time class="muted" data-relative datetime="${escapeHtml(at)}">${escapeHtml(utc(at))}</time>`;

/** The button's name starts with what it shows (speech users say "Run now"), then says which. */
const runNow = (action: string, returnTo: string, what: string): string =>
  `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="returnTo" value="${escapeHtml(
    returnTo,
  )}"><button type="submit" aria-label="Run now: ${escapeHtml(what)}">Run now</button></form>`;

const outcomeBadge = (run: RunRecord | undefined): string =>
  run
    ? `<span class="outcome outcome-${run.outcome}">${OUTCOME_LABELS[run.outcome]}</span>`
    : '<span class="outcome">Pending</span>';

const lastRunLine = (run: RunRecord | undefined, runs: number): string => {
  if (!run) return '';
  const how = run.trigger === 'timer' ? 'on time' : 'by hand';
  const count = runs > 1 ? ` · ${runs} runs` : '';
  const error = run.error ? ` · <span class="error-text">${escapeHtml(run.error)}</span>` : '';
  const said = run.summary ? ` · ${escapeHtml(run.summary)}` : '';
  return `<div class="row-detail">Last run ${how} · ${relative(run.at)}${count}${error}${said}</div>`;
};

const renderSchedule = (schedule: ScheduleView, returnTo: string): string => {
  const lastRun = schedule.runs.at(-1);
  const time =
    schedule.timeZone === 'UTC'
      ? utc(schedule.at)
      : `${utc(schedule.at)} · ${inZone(schedule.at, schedule.timeZone)}`;
  return `<li class="row" data-schedule="${escapeHtml(schedule.name)}">
  <div class="row-main">
    <div class="row-title"><span class="badge badge-job">${escapeHtml(schedule.job)}</span>${escapeHtml(schedule.name)}</div>
    <div class="row-detail">${escapeHtml(time)}${schedule.state === 'pending' ? ` · ${relative(schedule.at)}` : ''}</div>
    <div class="row-detail">Payload <code>${escapeHtml(JSON.stringify(schedule.payload))}</code></div>
    ${lastRunLine(lastRun, schedule.runs.length)}
  </div>
  <div class="row-side">${outcomeBadge(schedule.state === 'pending' ? undefined : lastRun)}${runNow(
    `/_sandbox/schedules/${encodeURIComponent(schedule.name)}/run`,
    returnTo,
    schedule.name,
  )}</div>
</li>`;
};

/** The job of the morning text, which Morning now runs for one company. */
export const MORNING_JOB = 'daily-drafts';

/**
 * Morning now: runs the morning job for the company whose id is typed (the app's address bar
 * shows it: /dashboard/company/<id>), as if its morning hour had just come. The same as
 * `POST /_sandbox/api/jobs/daily-drafts/run` with `{ "companyId": "…" }`.
 */
const morningNow = (returnTo: string): string =>
  `<form class="morning-now" method="post" action="/_sandbox/jobs/${MORNING_JOB}/run"><input type="hidden" name="returnTo" value="${escapeHtml(
    returnTo,
  )}"><label>Company id <input name="companyId" required autocomplete="off" spellcheck="false" placeholder="from /dashboard/company/…"></label><button type="submit">Morning now</button></form>`;

const renderRecurring = (
  job: JobView,
  returnTo: string,
): string => `<li class="row" data-job="${escapeHtml(job.name)}">
  <div class="row-main">
    <div class="row-title"><span class="badge badge-job">${escapeHtml(job.name)}</span></div>
    <div class="row-detail">Every ${job.everyMinutes} minutes from the sandbox's start</div>
    ${lastRunLine(job.lastRun, job.lastRun ? 1 : 0)}
    ${job.name === MORNING_JOB ? `<div class="row-detail">${morningNow(returnTo)}</div>` : ''}
  </div>
  <div class="row-side">${job.lastRun ? outcomeBadge(job.lastRun) : ''}${runNow(
    `/_sandbox/jobs/${encodeURIComponent(job.name)}/run`,
    returnTo,
    job.name,
  )}</div>
</li>`;

const group = (title: string, count: number, rows: string, none: string): string =>
  `<h3>${title} <span class="count">${count}</span></h3>
${count ? `<ul class="rows">${rows}</ul>` : `<p class="none">${none}</p>`}`;

export const schedulesPanel = (view: SchedulesPanelView): string => {
  const pending = view.schedules.filter((schedule) => schedule.state === 'pending');
  const lastActivity = (schedule: ScheduleView) => schedule.runs.at(-1)?.at ?? schedule.at;
  const past = view.schedules
    .filter((schedule) => schedule.state !== 'pending')
    .sort((a, b) => lastActivity(b).localeCompare(lastActivity(a)));
  const shownPast = past.slice(0, MAX_PAST);
  const signature = signatureOf([
    ...view.schedules.map((s) => `${s.name}:${s.at}:${s.state}:${s.runs.length}`),
    ...view.recurring.map((job) => `${job.name}:${job.lastRun?.at ?? ''}`),
  ]);
  const older =
    past.length > shownPast.length
      ? `<p class="none">${past.length - shownPast.length} older ones are in <code>GET /_sandbox/api/schedules</code>.</p>`
      : '';

  return `<section id="schedules" class="panel" data-region="schedules" data-signature="${escapeHtml(signature)}" aria-labelledby="schedules-title">
<div class="panel-head"><h2 class="section-title" id="schedules-title">Schedules</h2><p>Jobs the app scheduled run at their time; Run now runs one at once.</p></div>
${group(
  'Pending',
  pending.length,
  pending.map((schedule) => renderSchedule(schedule, view.returnTo)).join('\n'),
  'Nothing is scheduled.',
)}
${group(
  'Past',
  past.length,
  shownPast.map((schedule) => renderSchedule(schedule, view.returnTo)).join('\n'),
  'No schedule has fired yet.',
)}
${older}
${group(
  'Recurring jobs',
  view.recurring.length,
  view.recurring.map((job) => renderRecurring(job, view.returnTo)).join('\n'),
  'No recurring jobs.',
)}
</section>`;
};
