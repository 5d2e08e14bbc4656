import { z, type ZodType } from 'zod';

export type JsonSchema = Record<string, unknown>;

/**
 * The JSON schema of what the reply must look like. The output side is preferred: it marks every
 * property with a default as required and closes objects, which is what strict structured output
 * needs. Transforms have no output schema, so such schemas fall back to their input side.
 */
export function jsonSchemaOf(schema: ZodType): JsonSchema {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' }) as JsonSchema;
  } catch {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  }
  const { $schema: _drop, ...rest } = json;
  return rest;
}

// Keywords OpenAI's strict mode accepts. Others are enforced by our own validation after the reply.
const STRICT_KEYWORDS = new Set([
  ...'type properties required additionalProperties items enum const anyOf $ref $defs'.split(' '),
  ...'description title minimum maximum exclusiveMinimum exclusiveMaximum multipleOf'.split(' '),
  ...'minItems maxItems format'.split(' '),
]);
const STRICT_FORMATS = new Set('date-time time date duration email hostname ipv4 ipv6 uuid'.split(' '));

function lengthHint(node: JsonSchema): string | undefined {
  const min = typeof node.minLength === 'number' ? node.minLength : undefined;
  const max = typeof node.maxLength === 'number' ? node.maxLength : undefined;
  if (min !== undefined && max !== undefined) return `Between ${min} and ${max} characters.`;
  if (max !== undefined) return `At most ${max} characters.`;
  if (min !== undefined) return `At least ${min} characters.`;
  return undefined;
}

/**
 * A copy fit for strict mode, or undefined when the schema cannot be strict (optional properties, open
 * objects, records, tuples, `{}`). Length limits become description text so the model still sees them.
 */
export function toStrictSchema(node: unknown): JsonSchema | undefined {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
  const src = node as JsonSchema;
  if (Object.keys(src).length === 0) return undefined;
  if ('prefixItems' in src || 'patternProperties' in src || 'propertyNames' in src) return undefined;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(src)) {
    if (!STRICT_KEYWORDS.has(key)) continue;
    if (key === 'format' && !STRICT_FORMATS.has(String(value))) continue;
    out[key] = value;
  }
  const hint = lengthHint(src);
  if (hint) out.description = typeof out.description === 'string' ? `${out.description} ${hint}` : hint;
  if ('allOf' in src || 'oneOf' in src) return undefined;
  if (src.properties !== undefined || src.type === 'object') {
    const props = (src.properties ?? {}) as Record<string, unknown>;
    const required = Array.isArray(src.required) ? (src.required as string[]) : [];
    if (src.additionalProperties !== false) return undefined;
    if (Object.keys(props).some((k) => !required.includes(k))) return undefined;
    const strictProps: Record<string, JsonSchema> = {};
    for (const [k, v] of Object.entries(props)) {
      const s = toStrictSchema(v);
      if (!s) return undefined;
      strictProps[k] = s;
    }
    out.properties = strictProps;
  }
  if (src.items !== undefined) {
    const items = toStrictSchema(src.items);
    if (!items) return undefined;
    out.items = items;
  }
  if (Array.isArray(src.anyOf)) {
    const options = (src.anyOf as unknown[]).map(toStrictSchema);
    if (options.some((o) => !o)) return undefined;
    out.anyOf = options;
  }
  if (src.$defs !== undefined) {
    const defs: Record<string, JsonSchema> = {};
    for (const [k, v] of Object.entries(src.$defs as Record<string, unknown>)) {
      const s = toStrictSchema(v);
      if (!s) return undefined;
      defs[k] = s;
    }
    out.$defs = defs;
  }
  return out;
}

/** OpenAI accepts `^[a-zA-Z0-9_-]{1,64}$` as a schema name. */
export function schemaNameFor(name: string): string {
  const clean = name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
  return clean || 'reply';
}

export interface ResponseFormat {
  type: 'json_schema';
  json_schema: { name: string; schema: JsonSchema; strict: boolean };
}

export function responseFormatFor(schema: ZodType, name: string): ResponseFormat {
  const json = jsonSchemaOf(schema);
  const strict = json.type === 'object' ? toStrictSchema(json) : undefined;
  return {
    type: 'json_schema',
    json_schema: { name: schemaNameFor(name), schema: strict ?? json, strict: strict !== undefined },
  };
}
