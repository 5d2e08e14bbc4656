import { fileStore, screenshotKey, SCREENSHOT_NAME, type ApiDeps } from '@blogfleet/api';
import type { FastifyInstance } from 'fastify';

/**
 * GET /files/screenshots/{siteId}/{name}: the sites' screenshot images, from DATA_DIR or the S3-compatible
 * store. `<img>` cannot send the bearer token, so the names are the key: 128 random bits each, never
 * listed except to signed-in users (GET /sites/{id}/screenshots). A name is taken only if it matches the
 * pattern exactly, so no path leaves the site's folder. A file never changes under its name: cached
 * for a year.
 */
export function siteFilesPlugin(app: FastifyInstance, deps: ApiDeps) {
  const store = fileStore(deps);
  app.get<{ Params: { siteId: string; name: string } }>(
    '/files/screenshots/:siteId/:name',
    async (req, reply) => {
      const { siteId, name } = req.params;
      const notFound = () => reply.code(404).type('text/plain').send('Not found');
      if (!/^\d{1,10}$/.test(siteId) || !SCREENSHOT_NAME.test(name)) return notFound();
      // A name is written once and never changes: it is its own validator, and a match needs no read.
      const etag = `"${name.replace(/\.[a-z]+$/, '')}"`;
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff');
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      const file = await store.get(screenshotKey(Number(siteId), name));
      if (!file) {
        reply.removeHeader('etag').removeHeader('cache-control');
        return notFound();
      }
      reply.header('content-type', name.endsWith('.png') ? 'image/png' : 'image/jpeg');
      if (file.modified) reply.header('last-modified', file.modified.toUTCString());
      return reply.header('content-length', file.size).send(file.body);
    },
  );
}
