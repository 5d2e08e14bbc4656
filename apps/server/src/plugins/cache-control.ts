import type { FastifyInstance } from 'fastify';

const API = /^\/(api\/v1|trpc)(\/|\?|$)/;

/**
 * Every API answer is for one caller (tokens, user data, what this token may see), so none may be kept
 * by a browser or a proxy. The docs page, its assets and the web console keep their own caching.
 */
export function noStoreForApi(app: FastifyInstance) {
  app.addHook('onRequest', async (req, reply) => {
    if (API.test(req.url)) reply.header('cache-control', 'no-store');
  });
}
