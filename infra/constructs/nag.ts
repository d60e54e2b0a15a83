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

/**
 * A CloudFormation value flattened the way cdk-nag names resources inside finding ids
 * (`AwsSolutions-IAM5[Resource::<this>]`): `<Logical.Attr>` for GetAtt, `<Name>` for Ref, an
 * import by its export name, joins concatenated.
 */
const flattenLikeNag = (node: unknown): string => {
  if (node === undefined) return '';
  if (typeof node === 'string') return node.replace(/\$\{/g, '<').replace(/\}/g, '>');
  const value = node as Record<string, unknown>;
  if (value['Fn::Join']) {
    const [delimiter, items] = value['Fn::Join'] as [string, unknown[]];
    return items.map(flattenLikeNag).join(delimiter);
  }
  if (value['Fn::Sub']) return flattenLikeNag(value['Fn::Sub']);
  if (value['Fn::GetAtt']) {
    const [resource, attribute] = value['Fn::GetAtt'] as [unknown, unknown];
    return `<${flattenLikeNag(resource)}.${flattenLikeNag(attribute)}>`;
  }
  if (value['Fn::ImportValue']) return flattenLikeNag(value['Fn::ImportValue']);
  if (value.Ref) return `<${flattenLikeNag(value.Ref)}>`;
  return JSON.stringify(node);
};

/**
 * How cdk-nag will name `attribute` (a resource attribute such as a bucket's ARN, owned by
 * `owner`) when `consumer` uses it in a policy: resolved in place within one stack; across stacks
 * the reference becomes an import, named by its export - which `exportValue` creates now, the very
 * export the automatic cross-stack reference would create at synthesis.
 */
export const nagReference = (
  consumer: IConstruct,
  owner: IConstruct,
  attribute: string,
): string => {
  const consumingStack = Stack.of(consumer);
  const owningStack = Stack.of(owner);
  const value = owningStack === consumingStack ? attribute : owningStack.exportValue(attribute);
  return flattenLikeNag(consumingStack.resolve(value));
};

/** How cdk-nag will name a value built in `scope`'s own stack (e.g. a `formatArn`). */
export const nagName = (scope: IConstruct, value: string): string =>
  flattenLikeNag(Stack.of(scope).resolve(value));
