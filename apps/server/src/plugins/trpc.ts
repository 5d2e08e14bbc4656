import { appRouter, type ApiDeps, type AppRouter } from '@blogfleet/api';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import { refuseDeepTrpcInput } from './json-depth';
import { contextFor } from './request-context';
import { retryAfterMeta } from './retry-after';

/**
 * Calls one HTTP request may carry (`?batch=1`): enough for a screen's queries, too few to turn one
 * anonymous request into hundreds of password checks. The web console's batch link uses the same number.
 */
export const MAX_BATCH_SIZE = 10;

export async function trpcPlugin(app: FastifyInstance, deps: ApiDeps) {
  await app.register(async (scope) => {
    refuseDeepTrpcInput(scope);
    await scope.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        maxBatchSize: MAX_BATCH_SIZE,
        responseMeta: retryAfterMeta,
        createContext: ({ req }) => contextFor(deps, req),
        onError({ error, path, req }) {
          if (error.code === 'INTERNAL_SERVER_ERROR')
            req.log.error({ err: error.cause ?? error, path }, 'procedure failed');
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
  });
}
