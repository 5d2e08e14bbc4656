import { WordPressError } from '../errors';
import type { ApiRoot } from './api-root';
import { ME_ROUTE } from './credentials';
import type { WpTransport } from './transport';
import type { WpConnection } from './types';

interface Me {
  id?: number;
  name?: string;
  roles?: string[];
  capabilities?: Record<string, boolean>;
}

/**
 * Reachable (UNREACHABLE/TIMEOUT), REST enabled (REST_DISABLED), credentials valid (UNAUTHORIZED) and
 * allowed to edit posts (FORBIDDEN): each failure is thrown with its own code.
 */
export async function testConnection(
  t: WpTransport,
  root: () => Promise<ApiRoot>,
  siteUrl: string,
): Promise<WpConnection> {
  const found = await root();
  const index = found.index ?? (await t.request<Record<string, unknown>>('GET', '/')).data ?? {};
  let me: Me;
  try {
    me = (await t.request<Me>('GET', ME_ROUTE, { query: { context: 'edit' } })).data;
  } catch (err) {
    if (err instanceof WordPressError && err.code === 'NOT_FOUND') {
      throw new WordPressError(
        'REST_DISABLED',
        `The WordPress users endpoint is not available: ${err.message}`,
        err.details,
      );
    }
    throw err;
  }
  if (me.capabilities?.edit_posts !== true) {
    throw new WordPressError(
      'FORBIDDEN',
      `The WordPress user "${me.name ?? me.id ?? '?'}" is not allowed to edit posts`,
      { status: 403, wpCode: 'edit_posts' },
    );
  }
  return {
    connected: true,
    user: { id: Number(me.id), name: String(me.name ?? ''), roles: Array.isArray(me.roles) ? me.roles : [] },
    site: {
      name: String(index.name ?? ''),
      description: String(index.description ?? ''),
      url: String(index.home ?? index.url ?? siteUrl),
    },
  };
}
