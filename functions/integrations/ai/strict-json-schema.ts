import * as z from 'zod';

export type JsonSchema = Record<string, unknown>;

/** The keywords OpenAI's strict structured outputs accept (anything else is a 400 on every call). */
const STRICT_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  'description',
  'title',
  '$ref',
  '$defs',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What keeps a schema from OpenAI's strict mode, as readable paths: every object closed
 * (`additionalProperties: false`) with every property required (optional is spelled nullable), an
 * object at the root (not `anyOf`), no empty `enum`, only the keywords strict mode knows. Empty
 * when the schema is fit to send.
 */
export const strictSchemaProblems = (schema: JsonSchema): string[] => {
  const problems: string[] = [];
  if (schema.type !== 'object') problems.push('(root): must be an object');
  if ('anyOf' in schema) problems.push('(root): anyOf is not allowed at the root');
  const visit = (node: unknown, path: string, depth: number): void => {
    if (!isObject(node)) return;
    if (depth > 10) problems.push(`${path}: nested deeper than 10 levels`);
    for (const key of Object.keys(node)) {
      if (!STRICT_KEYWORDS.has(key)) problems.push(`${path}: unsupported keyword ${key}`);
    }
    if (Array.isArray(node.enum) && node.enum.length === 0) problems.push(`${path}: empty enum`);
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (types.includes('object') || isObject(node.properties)) {
      const properties = isObject(node.properties) ? Object.keys(node.properties) : [];
      if (node.additionalProperties !== false) {
        problems.push(`${path}: additionalProperties must be false`);
      }
      const required = Array.isArray(node.required) ? (node.required as string[]) : [];
      const missing = properties.filter((name) => !required.includes(name));
      if (missing.length) problems.push(`${path}: not required: ${missing.join(', ')}`);
      for (const name of properties) {
        visit((node.properties as JsonSchema)[name], `${path}.${name}`, depth + 1);
      }
    }
    if (node.items !== undefined) visit(node.items, `${path}[]`, depth + 1);
    if (Array.isArray(node.anyOf)) {
      node.anyOf.forEach((branch, index) => visit(branch, `${path}|${index}`, depth));
    }
    if (isObject(node.$defs)) {
      for (const [name, definition] of Object.entries(node.$defs)) {
        visit(definition, `$defs.${name}`, 0);
      }
    }
  };
  visit(schema, '(root)', 0);
  return problems;
};

/**
 * A zod schema as the JSON schema OpenAI's strict mode takes: zod's output view already closes
 * every object and requires every property (`.nullable()` becomes a `[type, "null"]` union), so
 * only the `$schema` dialect goes. Checked once when built: a schema strict mode would refuse
 * fails here, at load, rather than on every request.
 */
export const strictJsonSchema = (schema: z.ZodType): JsonSchema => {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'output' }) as JsonSchema;
  const problems = strictSchemaProblems(json);
  if (problems.length) throw new Error(`Not a strict JSON schema: ${problems.join('; ')}`);
  return json;
};
