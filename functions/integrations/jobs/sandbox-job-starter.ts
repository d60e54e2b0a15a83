import { correlated } from '#functions/core/correlation';
import { currentEnvironment } from '#functions/core/environment';
import type { JobStarter } from './job-starter';

/** The sandbox's events service runs the job in the background of the sandbox process. */
export const sandboxJobStarter: JobStarter = {
  async start(job, event) {
    const origin = currentEnvironment().SANDBOX_URL;
    if (!origin) throw new Error('Missing configuration: SANDBOX_URL (set by the sandbox)');
    const response = await fetch(
      `${origin}/_sandbox/api/jobs/${encodeURIComponent(job)}/run?async=true`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(correlated(event)),
      },
    );
    if (response.status !== 202) {
      throw new Error(
        `The sandbox did not start ${job}: ${response.status} ${await response.text()}`,
      );
    }
  },
};
