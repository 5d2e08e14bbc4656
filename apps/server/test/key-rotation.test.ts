import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decryptSecret, encryptSecret, integrationConfig, type ApiDeps } from '@blogfleet/api';
import {
  startCloudflareTestServer,
  type CloudflareTestServer,
} from '@blogfleet/integrations/cloudflare/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, REPO, startTestApp, testConfig, type TestApp } from '@blogfleet/server/testing';
import { KEYRING_FILE } from '../src/keyring';
import { rotateEncryptionKey } from '../src/rotation';

const CF_TOKEN = 'cf-rotation-token-abcdefghijkl-0001';
const ACCOUNT = 'fedcba9876543210fedcba9876543210';
const WP_APP_PASSWORD = 'abcd efgh ijkl mnop qrst uvwx';

let cf: CloudflareTestServer;
let dataDir: string;
let t: TestApp;
let admin: string;
let siteId: number;

beforeAll(async () => {
  cf = await startCloudflareTestServer({ tokens: { [CF_TOKEN]: { owner: 'user' } } });
  dataDir = mkdtempSync(join(tmpdir(), 'blogfleet-keys-'));
  // No ENCRYPTION_KEY: the key lives in DATA_DIR (encryption-key, k1) and rotations add a key ring file.
  t = await startTestApp({ ENCRYPTION_KEY: '', DATA_DIR: dataDir, CLOUDFLARE_API_URL: cf.baseUrl });
  admin = (await t.login()).accessToken;
  const saved = await t.rest('PUT', 'settings/integrations/cloudflare', {
    token: admin,
    body: { apiToken: CF_TOKEN, accountId: ACCOUNT },
  });
  expect(saved.status).toBe(200);
  const site = await t.db
    .insertInto('sites')
    .values({
      site_title: 'Rotation',
      domain_name: 'rotation.test',
      wp_app_password_ciphertext: encryptSecret(t.deps.secrets, WP_APP_PASSWORD),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  siteId = site.id;
});

afterAll(async () => {
  await t?.close();
  await cf?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The key ids the stored secrets are under now. */
async function storedKeyIds(): Promise<string[]> {
  const settings = await t.db.selectFrom('integration_settings').select('secret_ciphertext').execute();
  const sites = await t.db.selectFrom('sites').select('wp_app_password_ciphertext').execute();
  return [...settings.map((r) => r.secret_ciphertext), ...sites.map((r) => r.wp_app_password_ciphertext)]
    .filter((v): v is string => Boolean(v))
    .map((v) => v.split(':')[1]!);
}

/** What a server reads back: the decrypted Cloudflare token and the site's application password. */
async function readSecrets(deps: ApiDeps) {
  const site = await deps.db
    .selectFrom('sites')
    .select('wp_app_password_ciphertext')
    .where('id', '=', siteId)
    .executeTakeFirstOrThrow();
  return {
    token: (await integrationConfig(deps, 'cloudflare')).apiToken,
    appPassword: decryptSecret(deps.secrets, site.wp_app_password_ciphertext!),
  };
}

describe('rotating the encryption key without downtime', () => {
  it('starts with every secret under k1', async () => {
    expect(await storedKeyIds()).toEqual(['k1', 'k1']);
    expect(await readSecrets(t.deps)).toEqual({ token: CF_TOKEN, appPassword: WP_APP_PASSWORD });
  });

  it('adds k2, re-encrypts row by row while the running server keeps reading, and ends with everything under k2', async () => {
    const readsDuring: string[] = [];
    const lines: string[] = [];
    const outcome = await rotateEncryptionKey({
      config: t.config,
      db: t.db,
      log: (line) => lines.push(line),
      // After each row: the running server (which has not restarted) still reads every secret, whichever key it is under.
      onRow: async () => {
        const read = await readSecrets(t.deps);
        expect(read).toEqual({ token: CF_TOKEN, appPassword: WP_APP_PASSWORD });
        const view = await t.rest('GET', 'settings/integrations/cloudflare', { token: admin });
        expect(view.body.data.integration.secrets.apiToken.masked).toBe('••••0001');
        readsDuring.push((await storedKeyIds()).join(','));
      },
    });
    expect(outcome).toMatchObject({ keyId: 'k2', mode: 'file', remaining: 0 });
    expect(outcome.result?.reencrypted).toBe(2);
    expect(outcome.result?.columns.map((c) => `${c.table}.${c.column}`)).toEqual([
      'integration_settings.secret_ciphertext',
      'sites.credentials_ciphertext',
      'sites.wp_app_password_ciphertext',
      'sites.wp_consumer_secret_ciphertext',
    ]);
    // Mid-way one secret was under each key, and both were readable.
    expect(readsDuring).toEqual(['k2,k1', 'k2,k2']);
    expect(lines.join('\n')).toMatch(/Added key k2 .* made it current \(was k1\)/);
    expect(await storedKeyIds()).toEqual(['k2', 'k2']);

    // The key ring file: private, k1 kept, k2 current.
    const path = join(dataDir, KEYRING_FILE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const ring = JSON.parse(readFileSync(path, 'utf8'));
    expect(ring.current).toBe('k2');
    expect(Object.keys(ring.keys).sort()).toEqual(['k1', 'k2']);
  });

  it('the running server reads and writes under k2 and its Test button still works', async () => {
    expect(await readSecrets(t.deps)).toEqual({ token: CF_TOKEN, appPassword: WP_APP_PASSWORD });
    const test = await t.rest('POST', 'settings/integrations/cloudflare/test', { token: admin });
    expect(test.status).toBe(200);
    await t.rest('PUT', 'settings/integrations/cloudflare', {
      token: admin,
      body: { apiToken: '', accountId: ACCOUNT },
    });
    expect(t.deps.secrets.keyId).toBe('k2');
    expect(await storedKeyIds()).toEqual(['k2', 'k2']);
  });

  it('a server started after the rotation reads them', async () => {
    const { app, deps } = await buildApp(testConfig({ ENCRYPTION_KEY: '', DATA_DIR: dataDir }), {
      dbHandle: t.dbHandle,
      logger: false,
      workers: false,
    });
    try {
      expect(deps.secrets.keyId).toBe('k2');
      expect(await readSecrets(deps)).toEqual({ token: CF_TOKEN, appPassword: WP_APP_PASSWORD });
    } finally {
      await app.close();
    }
    // A server holding only the old key could not: the values really are under the new key.
    const stale = {
      key: Buffer.from(readFileSync(join(dataDir, 'encryption-key'), 'utf8').trim(), 'base64url'),
      keyId: 'k1',
    };
    const site = await t.db
      .selectFrom('sites')
      .select('wp_app_password_ciphertext')
      .executeTakeFirstOrThrow();
    expect(() => decryptSecret(stale, site.wp_app_password_ciphertext!)).toThrow(/key 'k2'/);
  });

  it('npm run rotate-encryption-key on the embedded database adds k3; the server finishes the re-encryption', async () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/rotate-encryption-key.ts'], {
      cwd: REPO,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/Added key k3 .* \(was k2\)/);
    expect(run.stdout).toMatch(/embedded database .* re-encrypts the stored secrets itself/);
    expect(await storedKeyIds()).toEqual(['k2', 'k2']);

    // The running server keeps reading (k2 is still loaded) and writes new secrets under k3 at once.
    expect(await readSecrets(t.deps)).toEqual({ token: CF_TOKEN, appPassword: WP_APP_PASSWORD });

    // A server that starts re-encrypts what older keys hold, in the background.
    const { app, deps } = await buildApp(testConfig({ ENCRYPTION_KEY: '', DATA_DIR: dataDir }), {
      dbHandle: t.dbHandle,
      logger: false,
      workers: false,
    });
    try {
      await app.ready();
      await expect.poll(storedKeyIds, { timeout: 10_000 }).toEqual(['k3', 'k3']);
      expect(await readSecrets(deps)).toEqual({ token: CF_TOKEN, appPassword: WP_APP_PASSWORD });
      // The first server, still running, learns k3 from the key ring when it meets it.
      expect(await readSecrets(t.deps)).toEqual({ token: CF_TOKEN, appPassword: WP_APP_PASSWORD });
      expect(t.deps.secrets.keyId).toBe('k3');
    } finally {
      await app.close();
    }
  }, 90_000);
});

describe('rotating with keys from the environment', () => {
  const OLD = '11'.repeat(32);
  const NEW = '22'.repeat(32);
  let env: TestApp;

  beforeAll(async () => {
    env = await startTestApp({ ENCRYPTION_KEY: OLD, ENCRYPTION_KEY_ID: 'old' });
    const token = (await env.login()).accessToken;
    await env.rest('PUT', 'settings/integrations/registrar', {
      token,
      body: { apiKey: 'pk1_env_rotation_key_000000', secretApiKey: 'sk1_env_rotation_secret_00' },
    });
  });
  afterAll(() => env?.close());

  it('refuses to run before the new key is configured, then re-encrypts under it', async () => {
    await expect(rotateEncryptionKey({ config: env.config, db: env.db, log: () => {} })).rejects.toThrow(
      /ENCRYPTION_KEYS_PREVIOUS/,
    );
    const config = testConfig({
      ENCRYPTION_KEY: NEW,
      ENCRYPTION_KEY_ID: 'new',
      ENCRYPTION_KEYS_PREVIOUS: `old:${OLD}`,
    });
    const outcome = await rotateEncryptionKey({ config, db: env.db, log: () => {} });
    expect(outcome).toMatchObject({ keyId: 'new', mode: 'environment', remaining: 0 });
    expect(outcome.result?.reencrypted).toBe(1);
    const row = await env.db
      .selectFrom('integration_settings')
      .select('secret_ciphertext')
      .executeTakeFirstOrThrow();
    expect(row.secret_ciphertext).toMatch(/^v1:new:/);
    // A server configured with the new key (and none of the old) reads it.
    const { app, deps } = await buildApp(testConfig({ ENCRYPTION_KEY: NEW, ENCRYPTION_KEY_ID: 'new' }), {
      dbHandle: env.dbHandle,
      logger: false,
      workers: false,
    });
    try {
      expect(await integrationConfig(deps, 'registrar')).toMatchObject({
        secretApiKey: 'sk1_env_rotation_secret_00',
      });
    } finally {
      await app.close();
    }
  });

  it('refuses a malformed ENCRYPTION_KEYS_PREVIOUS at start', () => {
    expect(() => testConfig({ ENCRYPTION_KEYS_PREVIOUS: 'k0' })).toThrow(/ENCRYPTION_KEYS_PREVIOUS/);
    expect(() => testConfig({ ENCRYPTION_KEY_ID: 'a:b' })).toThrow(/ENCRYPTION_KEY_ID/);
  });
});
