import { createHash } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, type TestApp } from '@blogfleet/server/testing';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_EMAIL: '3', LOGIN_MAX_FAILURES_PER_IP: '6' });
});
afterAll(() => t.close());

describe('POST auth/login', () => {
  it('returns both tokens and the user, without any password field, and records last_login', async () => {
    const res = await t.rest('POST', 'auth/login', {
      body: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.tokens.accessToken).toMatch(/^ey/);
    expect(res.body.data.tokens.refreshToken.length).toBeGreaterThanOrEqual(43);
    expect(res.body.data.user).toMatchObject({ email: ADMIN.email, role: 'admin', status: 'active' });
    expect(res.body.data.user.last_login).not.toBeNull();
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
  });

  it('accepts the email in any case', async () => {
    const res = await t.rest('POST', 'auth/login', {
      body: { email: ADMIN.email.toUpperCase(), password: ADMIN.password },
    });
    expect(res.status).toBe(200);
  });

  it('says only "Invalid email or password" for a wrong password and an unknown email alike', async () => {
    const wrong = await t.rest('POST', 'auth/login', {
      body: { email: ADMIN.email, password: 'nope-nope' },
      ip: '10.9.0.1',
    });
    const unknown = await t.rest('POST', 'auth/login', {
      body: { email: 'ghost@test.local', password: 'x' },
      ip: '10.9.0.1',
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        success: false,
        error: { code: 'UNAUTHORIZED', message: 'Invalid email or password', details: null },
      });
    }
  });

  it('rejects a missing password as a validation error', async () => {
    const res = await t.rest('POST', 'auth/login', { body: { email: ADMIN.email } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.issues[0].path).toBe('password');
  });

  it('refuses an inactive user with the same generic message', async () => {
    const u = await t.createUser({ status: 'inactive' });
    const res = await t.rest('POST', 'auth/login', { body: { email: u.email, password: u.password } });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('Invalid email or password');
  });
});

describe('GET auth/me', () => {
  it('returns the signed-in user', async () => {
    const { accessToken } = await t.login();
    const res = await t.rest('GET', 'auth/me', { token: accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data.user.email).toBe(ADMIN.email);
  });

  it('answers 401 UNAUTHORIZED without a token', async () => {
    const res = await t.rest('GET', 'auth/me');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
  });

  it('rejects forged, expired, wrong-audience and alg=none tokens', async () => {
    const { accessToken } = await t.login();
    const [, payload] = accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const secret = t.deps.auth.jwtSecret;
    const sign = (c: Record<string, unknown>, key: Uint8Array = secret) =>
      new SignJWT(c).setProtectedHeader({ alg: 'HS256' }).sign(key);

    const forged = await sign(claims, new TextEncoder().encode('another-secret-another-secret-123456'));
    const expired = await sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 });
    const wrongAudience = await sign({ ...claims, aud: 'someone-else' });
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const garbage = 'not-a-jwt';
    for (const token of [forged, expired, wrongAudience, none, garbage]) {
      const res = await t.rest('GET', 'auth/me', { token });
      expect(res.status, token).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHORIZED');
    }
    expect((await t.rest('GET', 'auth/me', { token: await sign(claims) })).status).toBe(200);
  });
});

describe('POST auth/refresh-token', () => {
  it('rotates: returns a new pair, and the new access token works', async () => {
    const first = await t.login();
    const res = await t.rest('POST', 'auth/refresh-token', { body: { refreshToken: first.refreshToken } });
    expect(res.status).toBe(200);
    expect(res.body.data.accessToken).toMatch(/^ey/);
    expect(res.body.data.refreshToken).not.toBe(first.refreshToken);
    expect(res.body.data.user.email).toBe(ADMIN.email);
    expect((await t.rest('GET', 'auth/me', { token: res.body.data.accessToken })).status).toBe(200);
  });

  it('treats a spent refresh token as theft: the whole family is revoked', async () => {
    const first = await t.login();
    const second = (
      await t.rest('POST', 'auth/refresh-token', { body: { refreshToken: first.refreshToken } })
    ).body.data;

    const reuse = await t.rest('POST', 'auth/refresh-token', { body: { refreshToken: first.refreshToken } });
    expect(reuse.status).toBe(401);
    expect(reuse.body.error.message).toBe('Session expired. Please login again.');

    // The legitimate holder's newer tokens die with the family.
    expect(
      (await t.rest('POST', 'auth/refresh-token', { body: { refreshToken: second.refreshToken } })).status,
    ).toBe(401);
    expect((await t.rest('GET', 'auth/me', { token: second.accessToken })).status).toBe(401);
    expect((await t.rest('GET', 'auth/me', { token: first.accessToken })).status).toBe(401);
  });

  it('does not touch other sessions of the same user', async () => {
    const a = await t.login();
    const b = await t.login();
    await t.rest('POST', 'auth/refresh-token', { body: { refreshToken: a.refreshToken } });
    await t.rest('POST', 'auth/refresh-token', { body: { refreshToken: a.refreshToken } });
    expect((await t.rest('GET', 'auth/me', { token: b.accessToken })).status).toBe(200);
  });

  it('rejects an unknown token', async () => {
    const res = await t.rest('POST', 'auth/refresh-token', { body: { refreshToken: 'made-up' } });
    expect(res.status).toBe(401);
  });

  it('kills the winner of a rotation race once the loser has revoked the family', async () => {
    const { refreshToken } = await t.login();
    const winner = await t.rest('POST', 'auth/refresh-token', { body: { refreshToken } });
    expect(winner.status).toBe(200);
    // The losing request of the race revoked only the rows that existed at that moment.
    const family = await t.db
      .selectFrom('sessions')
      .select('family_id')
      .where('token_hash', '=', createHash('sha256').update(refreshToken).digest('hex'))
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('family_id', '=', family.family_id)
      .where('rotated_at', 'is not', null)
      .execute();
    expect((await t.rest('GET', 'auth/me', { token: winner.body.data.accessToken })).status).toBe(401);
    const next = await t.rest('POST', 'auth/refresh-token', {
      body: { refreshToken: winner.body.data.refreshToken },
    });
    expect(next.status).toBe(401);
  });

  it('treats two concurrent uses of one token as reuse: nothing from the race stays usable', async () => {
    const { refreshToken } = await t.login();
    const results = await Promise.all([
      t.rest('POST', 'auth/refresh-token', { body: { refreshToken } }),
      t.rest('POST', 'auth/refresh-token', { body: { refreshToken } }),
    ]);
    expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
    for (const r of results.filter((x) => x.status === 200)) {
      expect((await t.rest('GET', 'auth/me', { token: r.body.data.accessToken })).status).toBe(401);
      const again = await t.rest('POST', 'auth/refresh-token', {
        body: { refreshToken: r.body.data.refreshToken },
      });
      expect(again.status).toBe(401);
    }
  });
});

describe('POST auth/logout', () => {
  it('ends the session: refresh token and access token stop working', async () => {
    const s = await t.login();
    const res = await t.rest('POST', 'auth/logout', {
      token: s.accessToken,
      body: { refreshToken: s.refreshToken },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ loggedOut: true });
    expect(
      (await t.rest('POST', 'auth/refresh-token', { body: { refreshToken: s.refreshToken } })).status,
    ).toBe(401);
    expect((await t.rest('GET', 'auth/me', { token: s.accessToken })).status).toBe(401);
  });

  it('cannot be used to end somebody else’s session', async () => {
    const victim = await t.createUser();
    const victimSession = await t.login(victim.email, victim.password);
    const attacker = await t.login();
    await t.rest('POST', 'auth/logout', {
      token: attacker.accessToken,
      body: { refreshToken: victimSession.refreshToken },
    });
    expect((await t.rest('GET', 'auth/me', { token: victimSession.accessToken })).status).toBe(200);
  });
});

describe('deactivation', () => {
  it('ends every session of the user at once', async () => {
    const u = await t.createUser();
    const s1 = await t.login(u.email, u.password);
    const s2 = await t.login(u.email, u.password);
    const admin = await t.login();
    const res = await t.rest('PUT', `users/${u.id}/status`, {
      token: admin.accessToken,
      body: { status: 'inactive' },
    });
    expect(res.status).toBe(200);
    for (const s of [s1, s2]) {
      expect((await t.rest('GET', 'auth/me', { token: s.accessToken })).status).toBe(401);
      expect(
        (await t.rest('POST', 'auth/refresh-token', { body: { refreshToken: s.refreshToken } })).status,
      ).toBe(401);
    }
    // Reactivating does not resurrect the old sessions, but allows a new login.
    await t.rest('PUT', `users/${u.id}/status`, { token: admin.accessToken, body: { status: 'active' } });
    expect((await t.rest('GET', 'auth/me', { token: s1.accessToken })).status).toBe(401);
    expect(
      (await t.rest('POST', 'auth/login', { body: { email: u.email, password: u.password } })).status,
    ).toBe(200);
  });
});
