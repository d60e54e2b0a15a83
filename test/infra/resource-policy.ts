/**
 * Enough of IAM's evaluation of a resource policy (an SNS topic policy, a KMS key policy) to ask
 * of a synthesized template who may do what: explicit Deny wins; a service principal needs an
 * Allow naming it; a principal of the same account may also act on its own identity policy. Only
 * the condition operators these policies use are known - any other fails the test, so a policy
 * cannot pass by using an operator this file would misread.
 *
 * Values are plain strings: the template's statements are first resolved with a concrete account,
 * region and partition, and concrete ARNs for the resources they name (`resolvePseudo`).
 */

type Json = unknown;

export interface PolicyStatement {
  readonly Effect: 'Allow' | 'Deny';
  readonly Principal?: Json;
  readonly Action: string | readonly string[];
  readonly Resource: Json;
  readonly Condition?: Record<string, Record<string, string | readonly string[]>>;
}

/** Who asks, and the request's context keys (aws:SourceArn, aws:PrincipalServiceName, …). */
export interface Request {
  readonly principal: { readonly service: string } | { readonly arn: string };
  readonly action: string;
  readonly resource: string;
  readonly context: Readonly<Record<string, string>>;
}

/** Replaces pseudo parameters and joins, so a statement holds strings only where it can. */
export const resolvePseudo = (
  value: Json,
  pseudo: {
    account: string;
    region: string;
    partition?: string;
    /** Concrete values for Refs to resources (a topic's ARN, a phone number's ARN). */
    refs?: Readonly<Record<string, string>>;
  },
): Json => {
  if (Array.isArray(value)) return value.map((item) => resolvePseudo(item, pseudo));
  if (!value || typeof value !== 'object') return value;
  const object = value as Record<string, Json>;
  if ('Ref' in object) {
    if (object.Ref === 'AWS::AccountId') return pseudo.account;
    if (object.Ref === 'AWS::Region') return pseudo.region;
    if (object.Ref === 'AWS::Partition') return pseudo.partition ?? 'aws';
    if (object.Ref === 'AWS::URLSuffix') return 'amazonaws.com';
    const ref = pseudo.refs?.[object.Ref as string];
    if (ref !== undefined) return ref;
  }
  if ('Fn::GetAtt' in object) {
    const [id, attribute] = object['Fn::GetAtt'] as [string, string];
    const ref = pseudo.refs?.[`${id}.${attribute}`];
    if (ref !== undefined) return ref;
  }
  if ('Fn::Join' in object) {
    const [delimiter, parts] = object['Fn::Join'] as [string, Json[]];
    const resolved = parts.map((part) => resolvePseudo(part, pseudo));
    if (resolved.every((part) => typeof part === 'string')) return resolved.join(delimiter);
    return { 'Fn::Join': [delimiter, resolved] };
  }
  return Object.fromEntries(
    Object.entries(object).map(([key, item]) => [key, resolvePseudo(item, pseudo)]),
  );
};

const list = <T>(value: T | readonly T[]): readonly T[] =>
  Array.isArray(value) ? (value as readonly T[]) : [value as T];

/** IAM's `*` and `?` wildcards, case-sensitive as for ARNs and strings. */
const glob = (pattern: string, value: string): boolean =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  ).test(value);

const accountOf = (arn: string) => arn.split(':')[4] ?? '';

const principalMatches = (principal: Json, request: Request): boolean => {
  if (principal === '*') return true;
  const named = principal as { AWS?: Json; Service?: Json };
  if ('service' in request.principal) {
    const { service } = request.principal;
    return named.Service !== undefined && list(named.Service as string).includes(service);
  }
  if (named.AWS === undefined) return false;
  const { arn } = request.principal;
  return list(named.AWS as string).some(
    (candidate) =>
      candidate === '*' ||
      candidate === arn ||
      candidate === accountOf(arn) ||
      candidate === `arn:aws:iam::${accountOf(arn)}:root`,
  );
};

const OPERATORS: Record<
  string,
  (values: readonly string[], actual: string | undefined) => boolean
> = {
  // A missing key: a positive operator is false, a negated one true (as IAM documents).
  StringEquals: (values, actual) => actual !== undefined && values.includes(actual),
  StringNotEquals: (values, actual) => actual === undefined || !values.includes(actual),
  StringLike: (values, actual) => actual !== undefined && values.some((v) => glob(v, actual)),
  ArnEquals: (values, actual) => actual !== undefined && values.includes(actual),
  ArnLike: (values, actual) => actual !== undefined && values.some((v) => glob(v, actual)),
  Bool: (values, actual) => actual !== undefined && values.includes(actual),
};

const conditionsHold = (statement: PolicyStatement, request: Request): boolean =>
  Object.entries(statement.Condition ?? {}).every(([operator, keys]) => {
    const test = OPERATORS[operator];
    if (!test) throw new Error(`resource-policy.ts does not know the operator ${operator}`);
    return Object.entries(keys).every(([key, values]) => {
      if (list(values).some((value) => typeof value !== 'string')) {
        throw new Error(`Unresolved condition value for ${key}: ${JSON.stringify(values)}`);
      }
      return test(list(values), request.context[key]);
    });
  });

const applies = (statement: PolicyStatement, request: Request): boolean =>
  principalMatches(statement.Principal, request) &&
  list(statement.Action).some((action) => glob(action, request.action)) &&
  list(statement.Resource as string).some(
    (resource) => typeof resource === 'string' && glob(resource, request.resource),
  ) &&
  conditionsHold(statement, request);

/**
 * Whether the request is allowed. `identityAllows`: the caller's own IAM policy grants the action
 * (counts only for a principal of `account`; a service principal has none).
 */
export const isAllowed = (
  statements: readonly PolicyStatement[],
  request: Request,
  { account, identityAllows }: { account: string; identityAllows: boolean },
): boolean => {
  if (statements.some((s) => s.Effect === 'Deny' && applies(s, request))) return false;
  if (statements.some((s) => s.Effect === 'Allow' && applies(s, request))) return true;
  return 'arn' in request.principal && accountOf(request.principal.arn) === account
    ? identityAllows
    : false;
};
