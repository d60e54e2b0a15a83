import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { config } from './config';

let appUrl: Promise<string> | undefined;

/** The web app's public origin (for links in emails and texts), read once per container. */
export const resolveAppUrl = (): Promise<string> =>
  (appUrl ??= (async () => {
    const { APP_URL, APP_URL_PARAMETER, AWS_REGION } = config();
    if (APP_URL) return APP_URL.replace(/\/$/, '');
    const ssm = new SSMClient({ region: AWS_REGION });
    const { Parameter } = await ssm.send(new GetParameterCommand({ Name: APP_URL_PARAMETER }));
    if (!Parameter?.Value) throw new Error(`SSM parameter ${APP_URL_PARAMETER} is empty`);
    return Parameter.Value.replace(/\/$/, '');
  })().catch((error: unknown) => {
    appUrl = undefined;
    throw error;
  }));
