import type { ApiDeps } from '@blogfleet/api';
import { createDb, migrateToLatest, seedReferenceData, type DbHandle } from '@blogfleet/db';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import { loggerOptions } from './logger';
import { errorHandlers, frameworkErrors, notFoundHandler } from './plugins/errors';
import { healthPlugin } from './plugins/health';
import { openApiPlugin } from './plugins/openapi';
import { restPlugin } from './plugins/rest';
import { trpcPlugin } from './plugins/trpc';
import { webPlugin } from './plugins/web';
import { decodeKey, readOrCreateSecret } from './secret-files';

export const VERSION = '0.1.0';

export interface BuiltApp {
  app: FastifyInstance;
  deps: ApiDeps;
  dbHandle: DbHandle;
}

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** An already open database (tests share one per file); otherwise one is opened from the config. */
  dbHandle?: DbHandle;
}

function apiDeps(config: Config, dbHandle: DbHandle): ApiDeps {
  const jwtSecret = config.jwtSecret
    ? new TextEncoder().encode(config.jwtSecret)
    : new Uint8Array(readOrCreateSecret(config.dataDir, 'jwt-secret', 64));
  const key = config.encryptionKey
    ? decodeKey(config.encryptionKey)
    : readOrCreateSecret(config.dataDir, 'encryption-key', 32);
  return {
    db: dbHandle.db,
    auth: {
      jwtSecret,
      accessTokenTtlSeconds: config.accessTokenTtlSeconds,
      refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
      audience: 'blogfleet-api',
      issuer: 'blogfleet',
    },
    loginLimits: config.loginLimits,
    secrets: { key, keyId: 'k1' },
  };
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const dbHandle =
    opts.dbHandle ??
    (await createDb({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.dbPoolSize,
    }));
  await migrateToLatest(dbHandle.db);
  await seedReferenceData(dbHandle.db);
  const deps = apiDeps(config, dbHandle);

  const app = Fastify({
    logger: opts.logger ?? loggerOptions(config),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 5000 },
    return503OnClosing: true,
    frameworkErrors,
  });

  // An empty JSON body means "no payload" (e.g. POST …/purchase); everything else goes through Fastify's safe parser.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, undefined);
    jsonParser(req, body as string, done);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'https:'],
        'connect-src': ["'self'"],
        // Served over plain HTTP on a LAN or behind a TLS proxy alike; upgrading would break the former.
        'upgrade-insecure-requests': null,
      },
    },
  });
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });
  errorHandlers(app);
  await healthPlugin(app, dbHandle);
  await trpcPlugin(app, deps);
  await restPlugin(app, deps);
  await openApiPlugin(app, VERSION);
  notFoundHandler(app, await webPlugin(app, config.webDistDir));

  app.addHook('onClose', async () => {
    if (!opts.dbHandle) await dbHandle.close();
  });
  return { app, deps, dbHandle };
}
