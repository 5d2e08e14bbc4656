import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { AuthSettings } from '../context';

export interface AccessClaims {
  userId: number;
  role: 'admin' | 'user';
  sessionFamily: string;
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

/** Returns null for anything that is not a valid, unexpired token of ours. */
export async function verifyAccessToken(settings: AuthSettings, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, settings.jwtSecret, {
      algorithms: ['HS256'],
      audience: settings.audience,
      issuer: settings.issuer,
      requiredClaims: ['exp', 'sub', 'sid'],
    });
    const userId = Number(payload.sub);
    const role = payload.role;
    if (
      !Number.isInteger(userId) ||
      (role !== 'admin' && role !== 'user') ||
      typeof payload.sid !== 'string'
    ) {
      return null;
    }
    return { userId, role, sessionFamily: payload.sid };
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
