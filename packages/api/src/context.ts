import type { Database, Kysely } from '@blogfleet/db';

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
  /** 32-byte AES-256-GCM key and the id stored with every ciphertext it makes. */
  key: Buffer;
  keyId: string;
}

/** Everything the services need, built once per process by the server. */
export interface ApiDeps {
  db: Kysely<Database>;
  auth: AuthSettings;
  loginLimits: LoginLimits;
  secrets: SecretsSettings;
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
