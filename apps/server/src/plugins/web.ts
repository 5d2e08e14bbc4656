import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web console. Returns its index.html so unknown GET paths (deep links such as
 * /users after a reload) can fall back to it, or null when no build is present (dev, tests).
 */
export async function webPlugin(app: FastifyInstance, distDir: string): Promise<string | null> {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.info({ distDir }, 'no web build found; serving the API only');
    return null;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    wildcard: false,
    decorateReply: false,
    cacheControl: false,
    // The build writes .br and .gz beside each asset (vite.config.ts); the best one the client accepts is sent.
    preCompressed: true,
    setHeaders(res, path) {
      // Vite names assets by content hash, so they never change under the same URL.
      const hashed = path.startsWith(join(distDir, 'assets'));
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The answer depends on Accept-Encoding (preCompressed); shared caches must keep the variants apart.
      res.setHeader('vary', 'accept-encoding');
    },
  });
  return readFileSync(indexPath, 'utf8');
}
