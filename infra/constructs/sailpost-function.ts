import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { FunctionDeclaration } from '#functions/core/bindings';
import type { JobName } from '#functions/core/jobs/names';
import { bindFunction, type BindingTargets } from './function-bindings';
import { functionBundling } from './function-bundling';
import { acknowledge } from './nag';
import { REPO_ROOT } from './paths';

const DEFAULT_MEMORY_MB = 512;
/** Under API Gateway's 30 s integration limit; an endpoint that takes longer is a bug. */
const DEFAULT_TIMEOUT_SECONDS = 10;

export interface SailpostFunctionProps {
  /** What the function is called in descriptions: `auth endpoints`, `sweeper job`. */
  readonly title: string;
  /** Its handler (`functions/<group>/handler.ts`, `functions/jobs/<name>/handler.ts`). */
  readonly entry: string;
  readonly declaration: FunctionDeclaration;
  readonly targets: BindingTargets;
  /**
   * Jobs: where an asynchronous invocation goes once Lambda's own retries have failed (the jobs
   * stack's dead-letter queue). Endpoints are invoked synchronously and have none.
   */
  readonly failedInvocationQueue?: IQueue;
  /** The job this function runs, when it is one. */
  readonly job?: JobName;
}

/**
 * One Lambda built from its declaration: bundled with FUNCTION_BUNDLING (function-bundling.ts),
 * Node 22 on arm64, X-Ray, its own log group and a role that may write only there - plus exactly
 * the environment variables and grants its bindings name (function-bindings.ts), and nothing else.
 */
export class SailpostFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;
  readonly declaration: FunctionDeclaration;

  constructor(scope: Construct, id: string, props: SailpostFunctionProps) {
    super(scope, id);
    const { title, entry, declaration, targets } = props;
    const { stage } = targets;
    this.declaration = declaration;
    if (!existsSync(entry)) {
      throw new Error(`The ${title} function is declared but has no handler at ${entry}`);
    }

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });

    // An explicit role instead of the default one, which would carry the AWSLambdaBasicExecutionRole
    // managed policy (logs:CreateLogGroup on *): this one may only write to its own log group
    // (logs:CreateLogStream/PutLogEvents on the group's `...:log-group:<name>:*` ARN).
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Sailpost ${stage.name}: ${title}`,
    });
    this.logGroup.grantWrite(this.role);

    const bindings = bindFunction(declaration.bindings, { scope: this, targets, job: props.job });
    bindings.grantTo(this.role);

    this.function = new NodejsFunction(this, 'Function', {
      description: `Sailpost ${stage.name}: ${title}`,
      entry,
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: declaration.memoryMb ?? DEFAULT_MEMORY_MB,
      reservedConcurrentExecutions: declaration.reservedConcurrency,
      timeout: Duration.seconds(declaration.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS),
      tracing: Tracing.ACTIVE,
      logGroup: this.logGroup,
      role: this.role,
      deadLetterQueue: props.failedInvocationQueue,
      environment: {
        STAGE: stage.name,
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_SERVICE_NAME: 'sailpost',
        LOG_LEVEL: targets.logLevel,
        // The stage's outside limits, for the token buckets every instance shares.
        THROUGHPUT_LIMITS: JSON.stringify(stage.throughput),
        ...bindings.environment,
      },
      bundling: functionBundling(),
    });

    acknowledge(
      this.role,
      'AwsSolutions-IAM5[Resource::*]',
      'X-Ray active tracing (xray:PutTraceSegments, xray:PutTelemetryRecords) supports no resource-level permissions; CDK adds exactly these two actions on "*".',
    );
    acknowledge(
      this.function,
      'AwsSolutions-L1',
      'nodejs22.x (Node 22 LTS, supported by Lambda) is chosen deliberately and the bundles target node22; moving to nodejs24.x is a planned upgrade (bundle target, local Node version, tests), not something a linter should bump silently.',
    );
  }
}
