import type { AppRouter } from '@blogfleet/api';
import { createTRPCClient, httpLink } from '@trpc/client';
import type { FastifyInstance } from 'fastify';

/** A typed tRPC client over real HTTP, as internal tools use it. */
export async function trpcClient(app: FastifyInstance, getToken: () => string | null = () => null) {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `http://127.0.0.1:${port}/trpc`,
        headers: () => {
          const token = getToken();
          return token ? { authorization: `Bearer ${token}` } : {};
        },
      }),
    ],
  });
}
