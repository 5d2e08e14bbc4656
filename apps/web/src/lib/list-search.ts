import { authStore } from './auth-store';
import { loadedSchemas, type Schemas } from './schemas';

type FieldSchema = { safeParse(value: unknown): { success: boolean; data?: unknown } };

/**
 * A route's `validateSearch` for a list screen: the URL's params through the list call's own input
 * schema, field by field, so a hand-edited bad value is dropped (its default applies) instead of failing
 * the page. Every key is returned, undefined when absent or bad: the router lays the result over the raw
 * params, so a key left out would let the raw (invalid) value through.
 */
export function listSearchValidator<S extends object>(
  keys: readonly (keyof S & string)[],
  shapeOf: (schemas: Schemas) => Record<string, FieldSchema>,
): (raw: Record<string, unknown>) => S {
  return (raw) => {
    const schemas = loadedSchemas();
    if (!schemas) {
      // Signed in without the schemas should not happen (main.tsx waits for them); if it does, no
      // unchecked value gets through: every key falls back to its default.
      if (authStore.get().status === 'authenticated')
        return Object.fromEntries(keys.map((key) => [key, undefined])) as S;
      // Signed out: the guard sends the visit to /login, and the URL it remembers (and the router's
      // canonical URL before it) must keep the params as typed.
      return Object.fromEntries(keys.map((key) => [key, raw[key]])) as S;
    }
    const shape = shapeOf(schemas);
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      const parsed = raw[key] === undefined || raw[key] === '' ? null : shape[key]!.safeParse(raw[key]);
      out[key] = parsed?.success ? parsed.data : undefined;
    }
    return out as S;
  };
}
