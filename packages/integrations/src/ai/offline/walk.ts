import type { OfflineContext } from './context';
import { isAffirmativeFlag, numberKind, stringKind } from './fields';
import { unit } from './hash';
import { numberValue } from './numbers';
import type { Slot } from './slot';
import { stringValue } from './strings';

type Schema = Record<string, unknown>;

const MAX_DEPTH = 12;

function resolveRef(ref: string, root: Schema): Schema {
  if (ref === '#') return root;
  const path = ref.replace(/^#\//, '').split('/');
  let node: unknown = root;
  for (const part of path)
    node = (node as Schema | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return (node as Schema) ?? {};
}

function typeOf(schema: Schema): string | undefined {
  const type = schema.type;
  if (Array.isArray(type)) return (type as string[]).find((t) => t !== 'null') ?? 'null';
  if (typeof type === 'string') return type;
  if (schema.properties) return 'object';
  if (schema.items || schema.prefixItems) return 'array';
  return undefined;
}

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

const num = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** Default list lengths by what the items are; the caller's count wins for the outermost list. */
function itemCount(schema: Schema, slot: Slot, itemKind: string): number {
  const min = num(schema.minItems) ?? 0;
  const max = num(schema.maxItems) ?? Infinity;
  const byKind: Record<string, number> = { keyword: 6, tag: 5, question: 3, answer: 3, heading: 5 };
  let wanted = byKind[itemKind] ?? 5;
  if (!slot.inArray && slot.ctx.count !== undefined) wanted = slot.ctx.count;
  return Math.min(Math.max(wanted, min), max);
}

interface Walker {
  ctx: OfflineContext;
  root: Schema;
}

function pickEnum(options: unknown[], slot: Slot): unknown {
  const lang = options.find((o) => o === slot.ctx.language);
  if (lang !== undefined && /lang|locale/i.test(slot.name ?? '')) return lang;
  // An offline draft is never published on its own.
  if (options.includes('draft')) return 'draft';
  return options[Math.floor(unit(slot.ctx.seed, slot.path) * options.length)];
}

function value(w: Walker, input: unknown, slot: Slot, depth: number): unknown {
  if (input === true || input === undefined) return stringValue('generic', slot, {});
  if (typeof input !== 'object' || input === null) return null;
  let schema = input as Schema;
  if (typeof schema.$ref === 'string') {
    if (depth > MAX_DEPTH) return null;
    schema = { ...resolveRef(schema.$ref, w.root), ...schema, $ref: undefined };
  }
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return pickEnum(schema.enum, slot);
  if (Array.isArray(schema.allOf)) {
    schema = Object.assign({}, ...(schema.allOf as Schema[]), { ...schema, allOf: undefined });
  }
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(union) && union.length > 0) {
    const option = union.find((o) => typeOf(o) !== 'null') ?? union[0]!;
    return value(w, { ...schema, anyOf: undefined, oneOf: undefined, ...option }, slot, depth + 1);
  }
  switch (typeOf(schema)) {
    case 'object':
      return objectValue(w, schema, slot, depth);
    case 'array':
      return arrayValue(w, schema, slot, depth);
    case 'integer':
    case 'number':
      return numberValue(numberKind(slot.name), slot, {
        integer: typeOf(schema) === 'integer',
        minimum: num(schema.minimum),
        maximum: num(schema.maximum),
        exclusiveMinimum: num(schema.exclusiveMinimum),
        exclusiveMaximum: num(schema.exclusiveMaximum),
        multipleOf: num(schema.multipleOf),
      });
    case 'boolean':
      return isAffirmativeFlag(slot.name) || unit(slot.ctx.seed, slot.path) < 0.5;
    case 'null':
      return null;
    default:
      return stringValue(stringKind(slot.name, schema.description as string | undefined), slot, {
        minLength: num(schema.minLength),
        maxLength: num(schema.maxLength),
        format: typeof schema.format === 'string' ? schema.format : undefined,
        pattern: typeof schema.pattern === 'string' ? schema.pattern : undefined,
      });
  }
}

function objectValue(w: Walker, schema: Schema, slot: Slot, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const props = (schema.properties ?? {}) as Record<string, unknown>;
  for (const [key, prop] of Object.entries(props)) {
    const child: Slot = { ...slot, path: join(slot.path, key), name: key };
    out[key] = value(w, prop, child, depth + 1);
  }
  // A record (no fixed properties): one entry per keyword.
  const extra = schema.additionalProperties;
  if (Object.keys(props).length === 0 && extra && typeof extra === 'object') {
    w.ctx.keywords.slice(0, 3).forEach((keyword, i) => {
      const child: Slot = { ...slot, path: join(slot.path, i), index: i, inArray: true };
      out[keyword] = value(w, extra, child, depth + 1);
    });
  }
  return out;
}

function arrayValue(w: Walker, schema: Schema, slot: Slot, depth: number): unknown[] {
  if (Array.isArray(schema.prefixItems)) {
    return (schema.prefixItems as unknown[]).map((item, i) =>
      value(w, item, { ...slot, path: join(slot.path, i), index: i, inArray: true }, depth + 1),
    );
  }
  const items = (schema.items ?? {}) as Schema;
  const count =
    depth > MAX_DEPTH ? (num(schema.minItems) ?? 0) : itemCount(schema, slot, stringKind(slot.name));
  const out: unknown[] = [];
  const seen = new Set<string>();
  // Extra attempts let a list of strings skip values it already holds.
  for (let i = 0; out.length < count && i < count * 3 + 10; i++) {
    const item = value(w, items, { ...slot, path: join(slot.path, i), index: i, inArray: true }, depth + 1);
    const key = JSON.stringify(item);
    if (typeof item === 'string' && seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}

/** A value of the given JSON schema, written from the context. */
export function fillSchema(schema: Schema, ctx: OfflineContext): unknown {
  const root: Slot = { ctx, path: '', index: 0, inArray: false };
  return value({ ctx, root: schema }, schema, root, 0);
}
