import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import type { JobView } from './events-service';
import { escapeHtml, signatureOf } from './html';
import type { MorningCompany } from './morning-companies';
import type { RunRecord, ScheduleView } from './schedule-store';

/**
 * The Schedules section of `/_sandbox`: pending one-time schedules (soonest first), past ones
 * (latest first) with their last outcome, and the recurring jobs — each with a Run now button, a
 * plain form post that runs it and comes back to the page.
 */

export interface SchedulesPanelView {
  schedules: readonly ScheduleView[];
  recurring: readonly JobView[];
  /**
   * The companies Morning now offers, newest first (none when left out); a message when they
   * could not be read.
   */
  morningCompanies?: readonly MorningCompany[] | { error: string };
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

/**
 * A schedule is titled by what it does, as the app described it when it wrote the schedule (the
 * description EventBridge keeps too); its name, ids only, is detail. One kept from before
 * descriptions existed is titled by its name.
 */
const renderSchedule = (schedule: ScheduleView, returnTo: string): string => {
  const lastRun = schedule.runs.at(-1);
  const title = schedule.description ?? schedule.name;
  const time =
    schedule.timeZone === 'UTC'
      ? utc(schedule.at)
      : `${utc(schedule.at)} · ${inZone(schedule.at, schedule.timeZone)}`;
  const name = schedule.description ? `Schedule <code>${escapeHtml(schedule.name)}</code> · ` : '';
  return `<li class="row" data-schedule="${escapeHtml(schedule.name)}">
  <div class="row-main">
    <div class="row-title"><span class="badge badge-job">${escapeHtml(schedule.job)}</span>${escapeHtml(title)}</div>
    <div class="row-detail">${escapeHtml(time)}${schedule.state === 'pending' ? ` · ${relative(schedule.at)}` : ''}</div>
    <div class="row-detail">${name}Payload <code>${escapeHtml(JSON.stringify(schedule.payload))}</code></div>
    ${lastRunLine(lastRun, schedule.runs.length)}
  </div>
  <div class="row-side">${outcomeBadge(schedule.state === 'pending' ? undefined : lastRun)}${runNow(
    `/_sandbox/schedules/${encodeURIComponent(schedule.name)}/run`,
    returnTo,
    title,
  )}</div>
</li>`;
};

/** The job of the morning text, which Morning now runs for one company. */
export const MORNING_JOB = 'daily-drafts';

const companyOption = (company: MorningCompany): string =>
  `<option value="${escapeHtml(company.companyId)}">${escapeHtml(
    `${company.name} · created ${format(new Date(company.createdAt), 'yyyy-MM-dd HH:mm', { in: tz('UTC') })} UTC`,
  )}</option>`;

/**
 * Morning now: runs the morning job for the company picked from the list (newest first, each named
 * and dated: the sandbox's test accounts often share a company name), as if its morning hour had
 * just come. The same as `POST /_sandbox/api/jobs/daily-drafts/run` with `{ "companyId": "…" }`.
 * The label stands apart from the select, so the select's name is "Company" alone (a wrapping
 * label would add the picked option's text to it).
 */
const morningNow = (
  returnTo: string,
  companies: NonNullable<SchedulesPanelView['morningCompanies']> = [],
): string => {
  if ('error' in companies) {
    return `<p class="none">Morning now cannot list the companies: ${escapeHtml(companies.error)}</p>`;
  }
  if (companies.length === 0) {
    return '<p class="none">Morning now lists the companies once the app has one.</p>';
  }
  return `<form class="morning-now" method="post" action="/_sandbox/jobs/${MORNING_JOB}/run"><input type="hidden" name="returnTo" value="${escapeHtml(
    returnTo,
  )}"><label for="morning-company">Company</label> <select id="morning-company" name="companyId" required>${companies
    .map(companyOption)
    .join('')}</select><button type="submit">Morning now</button></form>`;
};

const renderRecurring = (
  job: JobView,
  view: SchedulesPanelView,
): string => `<li class="row" data-job="${escapeHtml(job.name)}">
  <div class="row-main">
    <div class="row-title"><span class="badge badge-job">${escapeHtml(job.name)}</span></div>
    <div class="row-detail">Every ${job.everyMinutes} minutes from the sandbox's start</div>
    ${lastRunLine(job.lastRun, job.lastRun ? 1 : 0)}
    ${job.name === MORNING_JOB ? `<div class="row-detail">${morningNow(view.returnTo, view.morningCompanies)}</div>` : ''}
  </div>
  <div class="row-side">${job.lastRun ? outcomeBadge(job.lastRun) : ''}${runNow(
    `/_sandbox/jobs/${encodeURIComponent(job.name)}/run`,
    view.returnTo,
    job.name,
  )}</div>
</li>`;

const group = (title: string, count: number, rows: string, none: string): string =>
  `<h3>${title} <span class="count">${count}</span></h3>
${count ? `<ul class="rows">${rows}</ul>` : `<p class="none">${none}</p>`}`;

const morningSignature = (companies: NonNullable<SchedulesPanelView['morningCompanies']>) =>
  'error' in companies
    ? companies.error
    : companies.map((company) => `${company.companyId}:${company.name}`).join(',');

export const schedulesPanel = (view: SchedulesPanelView): string => {
  const pending = view.schedules.filter((schedule) => schedule.state === 'pending');
  const lastActivity = (schedule: ScheduleView) => schedule.runs.at(-1)?.at ?? schedule.at;
  const past = view.schedules
    .filter((schedule) => schedule.state !== 'pending')
    .sort((a, b) => lastActivity(b).localeCompare(lastActivity(a)));
  const shownPast = past.slice(0, MAX_PAST);
  const signature = signatureOf([
    ...view.schedules.map(
      (s) => `${s.name}:${s.description ?? ''}:${s.at}:${s.state}:${s.runs.length}`,
    ),
    ...view.recurring.map((job) => `${job.name}:${job.lastRun?.at ?? ''}`),
    morningSignature(view.morningCompanies ?? []),
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
  view.recurring.map((job) => renderRecurring(job, view)).join('\n'),
  'No recurring jobs.',
)}
</section>`;
};
