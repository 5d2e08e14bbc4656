import type { AnyTRPCRouter } from '@trpc/server';

/**
 * The two list shapes the spec's clients read. Most calls answer `{ success, data: <output> }` (users,
 * ideas, posts: `data.users` + `data.pagination`). A procedure whose meta says `restShape: 'data-meta'`
 * returns `{ data: [...], meta: { pagination } }` and is answered `{ success, data: [...], meta }`
 * (domains, keyword groups).
 */
export type RestShape = 'data' | 'data-meta';

interface Route {
  method: string;
  path: RegExp;
  template: string;
}

interface ProcedureLike {
  _def: { meta?: { openapi?: { method: string; path: string }; restShape?: RestShape } };
}

/** The REST calls (method + OpenAPI path template) that answer in the data+meta shape. */
export function dataMetaRoutes(router: AnyTRPCRouter): Route[] {
  const procedures = (router as unknown as { _def: { procedures: Record<string, ProcedureLike> } })._def
    .procedures;
  const routes: Route[] = [];
  for (const p of Object.values(procedures)) {
    const meta = p._def.meta;
    if (!meta?.openapi || meta.restShape !== 'data-meta') continue;
    const pattern = meta.openapi.path
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace(/\\?\{[^}]+\\?\}|\{[^}]+\}/g, '[^/]+');
    routes.push({
      method: meta.openapi.method.toUpperCase(),
      path: new RegExp(`^${pattern}/?$`),
      template: meta.openapi.path,
    });
  }
  return routes;
}

export function shapeOf(routes: Route[], method: string, path: string): RestShape {
  return routes.some((r) => r.method === method && r.path.test(path)) ? 'data-meta' : 'data';
}
