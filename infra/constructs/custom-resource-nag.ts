import { Stack } from 'aws-cdk-lib';
import { AwsCustomResource } from 'aws-cdk-lib/custom-resources';
import type { IConstruct } from 'constructs';
import { acknowledge, nagEnv } from './nag';

/**
 * The findings of CDK's AwsCustomResource handler, a stack-wide singleton Lambda whose role and
 * runtime aws-cdk-lib chooses; acknowledged on the handler itself, so nothing else is excused.
 */
export const acknowledgeCustomResourceHandler = (scope: IConstruct): void => {
  const handler = Stack.of(scope).node.tryFindChild(
    `AWS${AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '')}`,
  );
  if (!handler) throw new Error('No AwsCustomResource handler in this stack yet');
  acknowledge(
    handler,
    `AwsSolutions-IAM4[Policy::arn:${nagEnv(scope).partition}:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]`,
    'CDK-managed AwsCustomResource handler: CDK attaches AWSLambdaBasicExecutionRole (CloudWatch Logs write) to its singleton; it runs only during deployments.',
  );
  acknowledge(
    handler,
    'AwsSolutions-L1',
    'CDK-managed AwsCustomResource handler: its Node.js runtime is chosen by aws-cdk-lib and follows its upgrades.',
  );
};
