import type { IncomingMessage, ServerResponse } from 'node:http';
import { withEnvironment, type Environment } from '#functions/core/environment';
import {
  listSandboxAlarms,
  type SandboxAlarm,
} from '#functions/integrations/alarms/sandbox-alarm-sink';
import { escapeHtml, signatureOf } from './html';
import type { InboxPanel } from './inbox';
import { errorMessage, sendJson } from './responses';
import type { Route } from './service';

/**
 * The sandbox's stand-in for the stack's CloudWatch alarms: every alarm a function raised (a
 * verification text ceiling reached), newest first, as the Alarms panel at the top of `/_sandbox`
 * and as JSON at `GET /_sandbox/api/alarms`. The functions also log each one as a WARN line.
 */

export interface SandboxAlarms {
  routes: Route[];
  panel: InboxPanel;
}

/** Alarms shown on the page; the JSON lists more. */
const SHOWN = 10;

const renderAlarm = (alarm: SandboxAlarm): string => {
  const dimensions = Object.entries(alarm.dimensions)
    .map(([name, value]) => `<code>${escapeHtml(name)}=${escapeHtml(value)}</code>`)
    .join(' ');
  return `<li class="row" data-id="${escapeHtml(alarm.alarmId)}"><div class="row-main">
<span class="row-title"><span class="badge badge-alarm">Alarm</span>${escapeHtml(alarm.message)}</span>
<span class="row-detail">${escapeHtml(alarm.metric)} ${dimensions} · <time data-relative datetime="${escapeHtml(alarm.raisedAt)}" title="${escapeHtml(alarm.raisedAt)}">${escapeHtml(alarm.raisedAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</time></span>
</div></li>`;
};

export const sandboxAlarms = (options: { environment: Environment }): SandboxAlarms => {
  const list = (limit?: number) =>
    withEnvironment(options.environment, () => listSandboxAlarms(limit));

  const api = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'GET') return sendJson(response, 405, { message: 'Method Not Allowed' });
    sendJson(response, 200, { alarms: await list() });
  };

  const panel: InboxPanel = async () => {
    let alarms: SandboxAlarm[];
    try {
      alarms = await list(SHOWN);
    } catch (error) {
      return `<section id="alarms" class="panel" data-region="alarms"><p class="error-text">${escapeHtml(errorMessage(error))}</p></section>`;
    }
    const signature = signatureOf(alarms.map((alarm) => alarm.alarmId));
    const head = `<div class="panel-head"><h2 class="section-title" id="alarms-title">Alarms</h2><p>What would alarm the operators in AWS (the stack's CloudWatch alarms), newest first; also <code>GET /_sandbox/api/alarms</code>.</p></div>`;
    const body = alarms.length
      ? `<ul class="rows">${alarms.map(renderAlarm).join('\n')}</ul>`
      : '<p class="none">No alarm has tripped.</p>';
    return `<section id="alarms" class="panel${alarms.length ? ' panel-alarm' : ''}" data-region="alarms" data-signature="${escapeHtml(signature)}" aria-labelledby="alarms-title">
${head}
${body}
</section>`;
  };

  return {
    routes: [{ prefix: '/_sandbox/api/alarms', name: 'the sandbox alarms', handle: api }],
    panel,
  };
};
