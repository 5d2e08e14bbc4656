import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const positiveInt = z.coerce.number().int().positive();
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const KEY_ID_MESSAGE = 'must be 1-32 letters, digits, _ or -';
const KEY_VALUE = /^[A-Za-z0-9+/_-]{43}=?$|^[0-9a-fA-F]{64}$/;

/** Every environment variable the server reads; the README lists the same ones. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ENCRYPTION_KEY: z.string().regex(KEY_VALUE, 'must be 32 bytes as base64 or 64 hex digits').optional(),
  ENCRYPTION_KEY_ID: z.string().regex(KEY_ID, KEY_ID_MESSAGE).default('k1'),
  ENCRYPTION_KEYS_PREVIOUS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const keys: Record<string, string> = {};
      for (const entry of v
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean)) {
        const [id, key, ...rest] = entry.split(':');
        if (!id || !KEY_ID.test(id) || !key || rest.length > 0 || !KEY_VALUE.test(key)) {
          ctx.addIssue({
            code: 'custom',
            message: 'must be a comma-separated list of id:key (32-byte keys as base64 or hex)',
          });
          return z.NEVER;
        }
        keys[id] = key;
      }
      return keys;
    }),
  CLOUDFLARE_API_URL: z.url().optional(),
  PORKBUN_API_URL: z.url().optional(),
  NAMECHEAP_API_URL: z.url().optional(),
  DATAFORSEO_API_URL: z.url().optional(),
  ADMIN_EMAIL: z.email().default('admin@blogfleet.local'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      const value = v.trim();
      if (value === 'false' || value === '0' || value === 'no') return false;
      const entries = value
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      // Trusting every hop would let any client pick its own IP and dodge the per-IP login limit.
      const address = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]+)(\/\d{1,3})?$/;
      if (entries.length === 0 || !entries.every((e) => address.test(e))) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be false or a comma-separated list of proxy addresses/CIDRs',
        });
        return z.NEVER;
      }
      return entries;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: positiveInt.default(1_048_576),
  ACCESS_TOKEN_TTL_MINUTES: positiveInt.default(60),
  REFRESH_TOKEN_TTL_DAYS: positiveInt.default(30),
  LOGIN_WINDOW_MINUTES: positiveInt.default(15),
  LOGIN_MAX_FAILURES_PER_EMAIL: positiveInt.default(10),
  LOGIN_MAX_FAILURES_PER_IP: positiveInt.default(50),
  DB_POOL_SIZE: positiveInt.default(10),
  DB_CONNECT_TIMEOUT_MS: positiveInt.default(5_000),
  DB_STATEMENT_TIMEOUT_MS: positiveInt.default(30_000),
  WEB_DIST_DIR: z.string().min(1).optional(),
  LIST_COUNT_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  JOB_WORKERS: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  JOB_CONCURRENCY: positiveInt.max(50).default(2),
  JOB_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  JOB_MAINTENANCE_INTERVAL_SECONDS: positiveInt.max(3600).default(30),
  JOB_SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(300).default(8),
  FILES_S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' }).optional(),
  FILES_S3_BUCKET: z.string().min(3).max(63).optional(),
  FILES_S3_REGION: z.string().min(1).default('us-east-1'),
  FILES_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  FILES_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  FILES_S3_PREFIX: z.string().max(200).default(''),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  databaseUrl?: string;
  dataDir: string;
  dbPoolSize: number;
  /** Longest wait for a database connection before a request answers 503. */
  dbConnectTimeoutMs: number;
  /** Postgres cancels statements that run longer. */
  dbStatementTimeoutMs: number;
  /** The built web console; served at / when it exists. */
  webDistDir: string;
  jwtSecret?: string;
  encryptionKey?: string;
  /** Id stored with what ENCRYPTION_KEY encrypts. */
  encryptionKeyId: string;
  /** Older keys (id → key) that stay readable while a rotation re-encrypts what they hold. */
  encryptionKeysPrevious: Record<string, string>;
  /** Environment defaults of Settings → Integrations. */
  integrations: {
    cloudflareApiUrl?: string;
    porkbunApiUrl?: string;
    namecheapApiUrl?: string;
    dataForSeoApiUrl?: string;
    /** Every WP_* variable (WordPress hosting defaults; the provisioner's hostFromEnv reads them). */
    wordpressHostEnv: Record<string, string>;
    /** DATA_DIR: Settings keeps the sites' folder away from it. */
    dataDir: string;
    /** FILES_S3_*: the sites' files in an S3-compatible store instead of DATA_DIR/files. */
    filesS3?: {
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      prefix: string;
    };
  };
  adminEmail: string;
  adminPassword?: string;
  corsOrigins: string[];
  /** false, or the proxies' addresses (never "trust everyone"). */
  trustProxy: false | string[];
  logLevel: Env['LOG_LEVEL'];
  bodyLimit: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** How long a counted list total is reused for the same filter (0: never). */
  listCountCacheSeconds: number;
  jobs: {
    /** Run job workers inside the server process (`npm run worker` runs them elsewhere). */
    workers: boolean;
    concurrency: number;
    pollingIntervalSeconds: number;
    maintenanceIntervalSeconds: number;
    /** On shutdown, how long running jobs may go on before they are stopped (and retried elsewhere). */
    shutdownGraceSeconds: number;
  };
  loginLimits: { windowSeconds: number; maxFailuresPerEmail: number; maxFailuresPerIp: number };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** All of endpoint, bucket and keys, or none: half a store would lose screenshots silently. */
function filesS3Of(e: Env): Config['integrations']['filesS3'] {
  const parts = [
    e.FILES_S3_ENDPOINT,
    e.FILES_S3_BUCKET,
    e.FILES_S3_ACCESS_KEY_ID,
    e.FILES_S3_SECRET_ACCESS_KEY,
  ];
  if (parts.every((p) => p === undefined)) return undefined;
  if (parts.some((p) => p === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  FILES_S3_*: set FILES_S3_ENDPOINT, FILES_S3_BUCKET, FILES_S3_ACCESS_KEY_ID and FILES_S3_SECRET_ACCESS_KEY together',
    );
  }
  return {
    endpoint: e.FILES_S3_ENDPOINT!,
    bucket: e.FILES_S3_BUCKET!,
    region: e.FILES_S3_REGION,
    accessKeyId: e.FILES_S3_ACCESS_KEY_ID!,
    secretAccessKey: e.FILES_S3_SECRET_ACCESS_KEY!,
    prefix: e.FILES_S3_PREFIX,
  };
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as it does for most tools.
  const env = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    dbPoolSize: e.DB_POOL_SIZE,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    // Resolved from this module, which sits at the same depth in src/ and in the bundled dist/.
    webDistDir: e.WEB_DIST_DIR ?? fileURLToPath(new URL('../../web/dist', import.meta.url)),
    jwtSecret: e.JWT_SECRET,
    encryptionKey: e.ENCRYPTION_KEY,
    encryptionKeyId: e.ENCRYPTION_KEY_ID,
    encryptionKeysPrevious: e.ENCRYPTION_KEYS_PREVIOUS,
    integrations: {
      cloudflareApiUrl: e.CLOUDFLARE_API_URL,
      porkbunApiUrl: e.PORKBUN_API_URL,
      namecheapApiUrl: e.NAMECHEAP_API_URL,
      dataForSeoApiUrl: e.DATAFORSEO_API_URL,
      wordpressHostEnv: Object.fromEntries(
        Object.entries(env).filter((entry): entry is [string, string] => entry[0].startsWith('WP_')),
      ),
      dataDir: e.DATA_DIR,
      filesS3: filesS3Of(e),
    },
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    corsOrigins: e.CORS_ORIGINS,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    bodyLimit: e.BODY_LIMIT_BYTES,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_MINUTES * 60,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_DAYS * 24 * 3600,
    listCountCacheSeconds: e.LIST_COUNT_CACHE_SECONDS,
    jobs: {
      workers: e.JOB_WORKERS,
      concurrency: e.JOB_CONCURRENCY,
      pollingIntervalSeconds: e.JOB_POLL_INTERVAL_SECONDS,
      maintenanceIntervalSeconds: e.JOB_MAINTENANCE_INTERVAL_SECONDS,
      shutdownGraceSeconds: e.JOB_SHUTDOWN_GRACE_SECONDS,
    },
    loginLimits: {
      windowSeconds: e.LOGIN_WINDOW_MINUTES * 60,
      maxFailuresPerEmail: e.LOGIN_MAX_FAILURES_PER_EMAIL,
      maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
    },
  };
}
