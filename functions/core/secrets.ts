import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from './config';
import { lazy } from './db/lazy';

const client = lazy(() => new SecretsManagerClient({ region: config().AWS_REGION }));
const cache = new Map<string, Promise<string>>();

/** A Secrets Manager secret's string, read once per container (a failed read is retried next time). */
export const readSecret = (secretId: string): Promise<string> => {
  let value = cache.get(secretId);
  if (!value) {
    value = (async () => {
      const { SecretString } = await client().send(
        new GetSecretValueCommand({ SecretId: secretId }),
      );
      if (!SecretString) throw new Error('The secret is empty');
      return SecretString;
    })();
    value.catch(() => cache.delete(secretId));
    cache.set(secretId, value);
  }
  return value;
};
