import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import type { AuthSettings } from '../context';

export interface AccessClaims {
  userId: number;
  role: 'admin' | 'user';
  sessionFamily: string;
  /** When the token expires (ms since the epoch); set by verification. */
  expiresAt?: number;
}

export async function signAccessToken(settings: AuthSettings, claims: AccessClaims): Promise<string> {
  return new SignJWT({ role: claims.role, sid: claims.sessionFamily })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(settings.issuer)
    .setAudience(settings.audience)
    .setIssuedAt()
    .setExpirationTime(`${settings.accessTokenTtlSeconds}s`)
    .sign(settings.jwtSecret);
}

/**
 * What a token of ours claims, checked even when the signature is valid: a leaked or misconfigured
 * secret must not let odd values (sub "1e400", a sid that is no uuid) reach the database as a 500.
 */
const accessClaims = z.object({
  // Canonical decimal within Postgres' int4, the type of users.id.
  sub: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/)
    .transform(Number)
    .refine((id) => id <= 2_147_483_647),
  sid: z.uuid(),
  role: z.enum(['admin', 'user']),
  exp: z.number(),
});

/** Returns null for anything that is not a valid, unexpired token of ours. */
export async function verifyAccessToken(settings: AuthSettings, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, settings.jwtSecret, {
      algorithms: ['HS256'],
      audience: settings.audience,
      issuer: settings.issuer,
      requiredClaims: ['exp', 'sub', 'sid'],
    });
    const claims = accessClaims.safeParse(payload);
    if (!claims.success) return null;
    return {
      userId: claims.data.sub,
      role: claims.data.role,
      sessionFamily: claims.data.sid,
      expiresAt: claims.data.exp * 1000,
    };
  } catch {
    return null;
  }
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Refresh tokens carry 256 random bits, so a fast hash is enough to keep them useless if leaked from the DB. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
