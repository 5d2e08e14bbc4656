import type { Database, Kysely, PgBoss } from '@blogfleet/db';
import type { SessionCache } from './services/session-cache';

export interface AuthSettings {
  jwtSecret: Uint8Array;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  audience: string;
  issuer: string;
}

/** How services/login-limits.ts counts failed sign-ins (the numbers are explained there). */
export interface LoginLimits {
  windowSeconds: number;
  /** Per email from one client address; five times this from all addresses starts a backoff. */
  maxFailuresPerEmail: number;
  /** Per client address, whatever the email. */
  maxFailuresPerIp: number;
}

export interface SecretsSettings {
  /** 32-byte AES-256-GCM key and the id stored with every ciphertext it makes (the current key). */
  key: Buffer;
  keyId: string;
  /** Older keys that still decrypt what they stored, by id, while a rotation re-encrypts it. */
  previousKeys?: Readonly<Record<string, Buffer>>;
  /**
   * Re-reads the key ring (its file in DATA_DIR) so that a key the rotation script added is used
   * without a restart; answers whether the current key changed.
   */
  refresh?: () => boolean;
}

/** Environment defaults of the integration settings (the settings screen overrides them). */
export interface IntegrationEnv {
  /** The WP_* variables as they are (hostFromEnv reads them); the WordPress hosting defaults. */
  wordpressHostEnv?: Readonly<Record<string, string | undefined>>;
  /** API base URLs (tests point them at local test servers); unset = the providers' own. */
  cloudflareApiUrl?: string;
  porkbunApiUrl?: string;
  namecheapApiUrl?: string;
  dataForSeoApiUrl?: string;
  /**
   * DATA_DIR (the server's secrets, PGlite): no sites' folder may overlap it. Unknown (not passed in)
   * refuses every sites' folder override; `memory://…` means nothing is on disk.
   */
  dataDir?: string;
  /** An S3-compatible store for the sites' files (FILES_S3_*); absent: DATA_DIR/files. */
  filesS3?: {
    endpoint: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
    prefix?: string;
  };
}

/** Everything the services need, built once per process by the server. */
export interface ApiDeps {
  db: Kysely<Database>;
  auth: AuthSettings;
  loginLimits: LoginLimits;
  secrets: SecretsSettings;
  /** Environment defaults of Settings → Integrations; absent = none (the providers' own URLs). */
  integrations?: IntegrationEnv;
  /** pg-boss in the same database; services enqueue through services/jobs.ts only. */
  queue: PgBoss;
  /** Verified access tokens; every session change goes through its `changed`. */
  sessions: SessionCache;
}

export interface RequestInfo {
  ip: string;
  userAgent: string | null;
  /** The raw bearer token, verified only by procedures that need a user. */
  accessToken: string | null;
}

export interface SessionUser {
  id: number;
  role: 'admin' | 'user';
  sessionFamily: string;
}

export interface Context extends ApiDeps {
  req: RequestInfo;
  user: SessionUser | null;
}

export function createContext(deps: ApiDeps, req: RequestInfo): Context {
  return { ...deps, req, user: null };
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}
