import { SessionCache, setCountCacheSeconds, type ApiDeps } from '@blogfleet/api';
import { createDb, migrateToLatest, seedReferenceData, type DbHandle, type PgBoss } from '@blogfleet/db';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import { startQueue, stopQueue } from './jobs/queue';
import { startJobWorkers, type JobWorkers } from './jobs/workers';
import { Keyring, loadKeyring } from './keyring';
import { loggerOptions } from './logger';
import { noStoreForApi } from './plugins/cache-control';
import { errorHandlers, frameworkErrors, notFoundHandler } from './plugins/errors';
import { healthPlugin } from './plugins/health';
import { serveHostedSitesHere } from './plugins/hosted-sites';
import { reencryptWhenKeysChange } from './plugins/key-rotation';
import { JsonTooDeepError, jsonTooDeep } from './plugins/json-depth';
import { openApiPlugin } from './plugins/openapi';
import { restPlugin } from './plugins/rest';
import { rawSecurityHeaders, securityHeaders } from './plugins/security-headers';
import { clientErrorHandler, refuseWhileClosing } from './plugins/transport-errors';
import { trpcPlugin } from './plugins/trpc';
import { webPlugin } from './plugins/web';
import { siteFilesPlugin } from './plugins/site-files';
import { loadSecrets, type Secrets } from './secret-files';

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
  /** Run job workers in this process; default from the config (JOB_WORKERS). */
  workers?: boolean;
}

export function apiDeps(config: Config, dbHandle: DbHandle, secrets: Secrets, queue: PgBoss): ApiDeps {
  return {
    db: dbHandle.db,
    auth: {
      jwtSecret: secrets.jwtSecret,
      accessTokenTtlSeconds: config.accessTokenTtlSeconds,
      refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
      audience: 'blogfleet-api',
      issuer: 'blogfleet',
    },
    loginLimits: config.loginLimits,
    secrets: loadKeyring(config, secrets.encryptionKey),
    integrations: config.integrations,
    queue,
    sessions: new SessionCache(dbHandle.notifier),
  };
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const secrets = loadSecrets(config);
  // The database exists before Fastify's logger does; its connection errors are logged once both are up.
  let logDbError = (err: Error, where: string) => console.error(`database (${where}):`, err.message);
  const dbHandle =
    opts.dbHandle ??
    (await createDb({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.dbPoolSize,
      connectTimeoutMs: config.dbConnectTimeoutMs,
      statementTimeoutMs: config.dbStatementTimeoutMs,
      onError: (err, where) => logDbError(err, where),
    }));
  await migrateToLatest(dbHandle.db);
  await seedReferenceData(dbHandle.db);

  const app = Fastify({
    logger: opts.logger ?? loggerOptions(config),
    bodyLimit: config.bodyLimit,
    // A request must arrive whole within 5 minutes (Node's own default, which Fastify turns off): a
    // caller trickling a body cannot hold an upload slot (plugins/rest.ts) or a socket for ever.
    requestTimeout: 300_000,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 5000 },
    // refuseWhileClosing answers in the envelope instead of Fastify's fixed bare body.
    return503OnClosing: false,
    clientErrorHandler: clientErrorHandler(rawSecurityHeaders()),
    frameworkErrors,
  });

  logDbError = (err, where) =>
    app.log.warn({ err, where }, 'database connection lost; it is replaced on next use');

  for (const notice of secrets.notices) app.log.warn(notice);

  setCountCacheSeconds(config.listCountCacheSeconds);
  const queue = await startQueue(dbHandle, config.jobs, app.log);
  // Fastify runs close hooks last added first: this one, added before any other, runs after them all.
  app.addHook('onClose', async () => {
    await stopQueue(queue);
    if (!opts.dbHandle) await dbHandle.close();
  });
  const deps = apiDeps(config, dbHandle, secrets, queue);
  let workers: JobWorkers | null = null;
  if (opts.workers ?? config.jobs.workers) {
    workers = await startJobWorkers(
      deps,
      { ...config.jobs, reconcileIntervalMs: config.jobs.maintenanceIntervalSeconds * 1000 },
      app.log,
    );
  }

  // An empty JSON body means "no payload" (e.g. POST …/purchase); everything else goes through Fastify's safe parser.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, undefined);
    if (jsonTooDeep(body as string)) return done(new JsonTooDeepError(), undefined);
    jsonParser(req, body as string, done);
  });

  securityHeaders(app);
  // JSON answers and the SPA's fallback page; built assets come pre-compressed (plugins/web.ts) and are
  // passed through untouched. Brotli at quality 4 (the plugin's default): near gzip -9 size at gzip speed.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });
  errorHandlers(app);
  refuseWhileClosing(app);
  noStoreForApi(app);
  await healthPlugin(app, dbHandle);
  await trpcPlugin(app, deps);
  await restPlugin(app, deps);
  await openApiPlugin(app, VERSION);
  siteFilesPlugin(app, deps);
  notFoundHandler(app, await webPlugin(app, config.webDistDir));

  if (deps.secrets instanceof Keyring) reencryptWhenKeysChange(app, deps, deps.secrets);
  if (workers) serveHostedSitesHere(app, deps);

  // Added last, run first: running jobs get JOB_SHUTDOWN_GRACE_SECONDS to finish; those still running are
  // stopped, and their attempts retried by another worker.
  app.addHook('onClose', async () => {
    await workers?.stop();
  });
  return { app, deps, dbHandle };
}
