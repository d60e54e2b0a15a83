import { correlated } from '#functions/core/correlation';
import { currentEnvironment } from '#functions/core/environment';
import { sandboxFetch } from '../sandbox-fetch';
import { ScheduleExistsError, type OneTimeSchedule, type Scheduler } from './scheduler';

/** The sandbox's events service keeps the schedules (in its data folder) and fires them when due. */
const schedulesApi = async (path: string, init: RequestInit): Promise<Response> => {
  const origin = currentEnvironment().SANDBOX_URL;
  if (!origin) throw new Error('Missing configuration: SANDBOX_URL (set by the sandbox)');
  return sandboxFetch(`${origin}/_sandbox/api/schedules${path}`, {
    ...init,
    headers: { 'content-type': 'application/json' },
  });
};

const body = (schedule: OneTimeSchedule) => ({
  ...(schedule.description ? { description: schedule.description } : {}),
  job: schedule.job,
  at: schedule.at.toISOString(),
  timeZone: schedule.timeZone,
  payload: correlated(schedule.payload),
});

const fail = async (action: string, response: Response): Promise<never> => {
  throw new Error(
    `The sandbox scheduler could not ${action}: ${response.status} ${await response.text()}`,
  );
};

export const sandboxScheduler: Scheduler = {
  async create(schedule) {
    const response = await schedulesApi('', {
      method: 'POST',
      body: JSON.stringify({ name: schedule.name, ...body(schedule) }),
    });
    if (response.status === 409) throw new ScheduleExistsError(schedule.name);
    if (!response.ok) await fail(`create ${schedule.name}`, response);
  },

  async update(schedule) {
    const response = await schedulesApi(`/${encodeURIComponent(schedule.name)}`, {
      method: 'PUT',
      body: JSON.stringify(body(schedule)),
    });
    if (!response.ok) await fail(`update ${schedule.name}`, response);
  },

  async delete(name) {
    const response = await schedulesApi(`/${encodeURIComponent(name)}`, { method: 'DELETE' });
    if (!response.ok && response.status !== 404) await fail(`delete ${name}`, response);
  },
};
