/**
 * Sets an account's role: who answers support tickets (staff), who else administers (admin), or
 * back to an ordinary user. No HTTP route of the API can raise a role; this is the way.
 *
 *   npm run role -- EMAIL staff|admin|user                 the running sandbox (npm start)
 *       [--url=http://localhost:3000]
 *   npm run role -- EMAIL staff|admin|user --stage NAME    a deployed stage's table
 *       [--region=us-east-1]
 *
 * The sandbox is changed through its own route (`POST /_sandbox/api/users/role`). A stage is
 * changed straight in its table with your AWS credentials (the default chain: AWS_PROFILE, …):
 * the table's name is the `TableName` output of the stage's data stack (`Sailpost-<Stage>-Data`),
 * read with the AWS CLI. The role counts from the account's next request; the web app shows it
 * after its next token refresh (within 15 minutes, or on reload).
 */
import { execFileSync } from 'node:child_process';
import { ASSIGNABLE_ROLES, type AssignableRole } from '#functions/domain/accounts/roles';
import { stageConfig } from '#infra/constructs/stage';

export interface RoleCommand {
  email: string;
  role: AssignableRole;
  stage?: string;
  region?: string;
  url: string;
}

const USAGE = `Usage: npm run role -- EMAIL ${ASSIGNABLE_ROLES.join('|')} [--stage NAME] [--region REGION] [--url SANDBOX_URL]`;

/** Reads `EMAIL ROLE [--stage NAME] [--region R] [--url U]` (also `--stage=NAME`). */
export const parseRoleCommand = (args: readonly string[]): RoleCommand => {
  const positional: string[] = [];
  const options: Record<string, string> = {};
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const option = /^--(stage|region|url)(?:=(.*))?$/.exec(arg);
    if (option) {
      const value = option[2] ?? args[++index];
      if (!value) throw new Error(`--${option[1]} needs a value\n${USAGE}`);
      options[option[1]!] = value;
    } else if (arg.startsWith('--')) {
      throw new Error(`Unknown option ${arg}\n${USAGE}`);
    } else {
      positional.push(arg);
    }
  }
  const [email, role, ...rest] = positional;
  if (!email || !role || rest.length > 0 || !email.includes('@')) throw new Error(USAGE);
  if (!(ASSIGNABLE_ROLES as readonly string[]).includes(role)) {
    throw new Error(`Unknown role "${role}": ${ASSIGNABLE_ROLES.join(', ')}\n${USAGE}`);
  }
  return {
    email,
    role: role as AssignableRole,
    ...(options.stage ? { stage: options.stage } : {}),
    ...(options.region ? { region: options.region } : {}),
    url: (options.url ?? 'http://localhost:3000').replace(/\/$/, ''),
  };
};

/** The stage's table, from its data stack's outputs. */
const stageTableName = (stage: string, region: string | undefined): string => {
  const stackName = `Sailpost-${stageConfig(stage).label}-Data`;
  const output = execFileSync(
    'aws',
    [
      'cloudformation',
      'describe-stacks',
      '--stack-name',
      stackName,
      '--query',
      "Stacks[0].Outputs[?OutputKey=='TableName'].OutputValue",
      '--output',
      'text',
      ...(region ? ['--region', region] : []),
    ],
    { encoding: 'utf8' },
  ).trim();
  if (!output || output === 'None') throw new Error(`${stackName} has no TableName output`);
  return output;
};

const inSandbox = async ({ email, role, url }: RoleCommand) => {
  const response = await fetch(`${url}/_sandbox/api/users/role`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, role }),
  }).catch((error: unknown) => {
    throw new Error(`No sandbox answers at ${url} (start it with npm start): ${String(error)}`);
  });
  const body = (await response.json()) as { message?: string; previous?: string };
  if (!response.ok) throw new Error(body.message ?? `The sandbox answered ${response.status}`);
  return body.previous;
};

const inStage = async ({ email, role, stage, region }: RoleCommand) => {
  Object.assign(process.env, {
    TABLE_NAME: stageTableName(stage!, region),
    ...(region ? { AWS_REGION: region } : {}),
  });
  const { setRoleByEmail } = await import('#functions/domain/accounts/roles');
  return (await setRoleByEmail(email, role)).previous;
};

const main = async () => {
  const command = parseRoleCommand(process.argv.slice(2));
  const previous = command.stage ? await inStage(command) : await inSandbox(command);
  const where = command.stage ? `stage ${command.stage}` : 'the sandbox';
  console.log(`${command.email} is now ${command.role} in ${where} (was ${previous}).`);
};

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
