import { config } from './config';
import { lazyAsync } from './lazy';

/**
 * The web app's public origin (for links in emails and texts), read once per container: given
 * directly (sandbox) or from the SSM parameter the web stack publishes (AWS). SSM is loaded only
 * here, by the few requests that send a link.
 */
export const resolveAppUrl = lazyAsync(async (): Promise<string> => {
  const { APP_URL, APP_URL_PARAMETER, AWS_REGION } = config();
  if (APP_URL) return APP_URL.replace(/\/$/, '');
  if (!APP_URL_PARAMETER) throw new Error('Missing configuration: APP_URL or APP_URL_PARAMETER');
  const { GetParameterCommand, SSMClient } = await import('@aws-sdk/client-ssm');
  const ssm = new SSMClient({ region: AWS_REGION });
  const { Parameter } = await ssm.send(new GetParameterCommand({ Name: APP_URL_PARAMETER }));
  if (!Parameter?.Value) throw new Error(`SSM parameter ${APP_URL_PARAMETER} is empty`);
  return Parameter.Value.replace(/\/$/, '');
});
