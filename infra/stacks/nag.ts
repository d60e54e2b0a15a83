import { DefaultStackSynthesizer, Stack, Token, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * Acknowledges cdk-nag findings on a construct and everything below it.
 *
 * cdk-nag v3 runs as a CDK policy-validation plugin; a finding is suppressed by acknowledging its
 * exact id on the resource or one of its ancestors (`Validations.of(scope).acknowledge`). Rules
 * that report several findings per resource (IAM4, IAM5) need each finding's full id, e.g.
 * `AwsSolutions-IAM5[Resource::*]` - there is no prefix matching, so a new wildcard that CDK or
 * we add later fails the synth until someone looks at it. Every acknowledgement carries a reason.
 */
export const acknowledge = (
  scope: IConstruct,
  ids: string | readonly string[],
  reason: string,
): void => {
  for (const id of typeof ids === 'string' ? [ids] : ids) {
    Validations.of(scope).acknowledge({ id, reason });
  }
};

/**
 * How cdk-nag prints the pseudo parameters of a stack inside finding ids: `<AWS::Region>` while
 * the stack is environment-agnostic, the literal value once `env` pins it.
 */
export const nagEnv = (scope: IConstruct) => {
  const stack = Stack.of(scope);
  return {
    partition: '<AWS::Partition>',
    region: Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region,
    account: Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account,
    /** The CDK bootstrap qualifier (context `@aws-cdk/core:bootstrapQualifier`). */
    qualifier:
      (stack.node.tryGetContext('@aws-cdk/core:bootstrapQualifier') as string | undefined) ??
      DefaultStackSynthesizer.DEFAULT_QUALIFIER,
  };
};
