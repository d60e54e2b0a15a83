import { BINDING_VARIABLES, type SecretName } from './bindings';
import { config } from './config';
import { lazyAsync } from './lazy';

/** Loaded on the first read (see db/client.ts for why the AWS SDK is never imported at the top). */
const client = lazyAsync(async () => {
  const { SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
  return new SecretsManagerClient({ region: config().AWS_REGION });
});

const fetchSecret = async (secretId: string): Promise<string> => {
  const { GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
  const { SecretString } = await (
    await client()
  ).send(new GetSecretValueCommand({ SecretId: secretId }));
  if (!SecretString) throw new Error('The secret is empty');
  return SecretString;
};

const readers = new Map<string, () => Promise<string>>();

/** A Secrets Manager secret's string, read once per container (a failed read is retried next time). */
const readSecret = (secretId: string): Promise<string> => {
  let read = readers.get(secretId);
  if (!read) {
    read = lazyAsync(() => fetchSecret(secretId));
    readers.set(secretId, read);
  }
  return read();
};

/**
 * A declared secret's value: given directly in the environment (the sandbox, tests) or, in AWS,
 * read from Secrets Manager by the ARN in its second variable. A function that did not declare the
 * secret has neither, and the error names both variables.
 */
export const readDeclaredSecret = async (secret: SecretName): Promise<string> => {
  const [valueName, arnName] = BINDING_VARIABLES.secrets[secret];
  const settings = config();
  const value = settings[valueName];
  if (value) return value;
  const arn = settings[arnName];
  if (arn) return readSecret(arn);
  throw new Error(`Missing configuration: ${valueName} or ${arnName}`);
};
