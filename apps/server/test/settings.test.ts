import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { AppError, integrationConfig, optionalIntegrationConfig, textGenerator } from '@blogfleet/api';
import {
  startChatCompletionsTestServer,
  type ChatCompletionsTestServer,
} from '@blogfleet/integrations/ai/testing';
import {
  startCloudflareTestServer,
  type CloudflareTestServer,
} from '@blogfleet/integrations/cloudflare/testing';
import {
  startDataForSeoTestServer,
  type DataForSeoTestServer,
} from '@blogfleet/integrations/keyword-data/testing';
import { startPorkbunTestServer, type PorkbunTestServer } from '@blogfleet/integrations/registrar/testing';
import { TRPCClientError } from '@trpc/client';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestApp,
  trpcClient,
  type RestOptions,
  type RestResponse,
  type TestApp,
} from '@blogfleet/server/testing';
import { loggerOptions } from '../src/logger';

const CF_TOKEN = 'cf-user-token-abcdefghijklmnop-7f3a';
const CF_ACCOUNT = '0123456789abcdef0123456789abcdef';
const AI_KEY = 'sk-test-settings-secret-key-9x8y';
const PB_KEY = 'pk1_settings_api_key_0000000000001111';
const PB_SECRET = 'sk1_settings_secret_key_000000002222';
const DFS_LOGIN = 'api@settings.test';
const DFS_PASSWORD = 'dfs-settings-password-3333';
const ENV_DB_PASSWORD = 'env-db-password-from-wp-4444';
const SAVED_DB_PASSWORD = 'saved-db-password-for-internal-5151';
const URL_PASSWORD = 'sk-in-the-url-password-6262';
/** Every secret this file stores; none may appear in any answer or audit row. */
const SECRETS = [
  CF_TOKEN,
  AI_KEY,
  PB_KEY,
  PB_SECRET,
  DFS_PASSWORD,
  ENV_DB_PASSWORD,
  SAVED_DB_PASSWORD,
  URL_PASSWORD,
  'cf-wrong-token-zzzz-5555',
];

/** Places on this machine for the WordPress hosting checks: DATA_DIR, a WordPress core, a sites' folder. */
const scratch = mkdtempSync(join(tmpdir(), 'blogfleet-settings-'));
const dataDir = join(scratch, 'data');
const core = join(scratch, 'wp-core');
const halfCore = join(scratch, 'not-a-core');
const sitesRoot = join(scratch, 'sites');
for (const file of [
  join(core, 'wp-load.php'),
  join(core, 'wp-admin/includes/upgrade.php'),
  join(halfCore, 'wp-load.php'),
]) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, '<?php\n');
}
symlinkSync('/', join(scratch, 'to-root'));
symlinkSync(dataDir, join(scratch, 'to-data'));
/** A PHP CLI of this machine where the settings accept one, if it has any. */
const systemPhp = ['/usr/bin', '/usr/local/bin']
  .flatMap((dir) => {
    try {
      return readdirSync(dir)
        .filter((name) => /^php(\d+(\.\d+)*)?$/.test(name))
        .map((name) => join(dir, name));
    } catch {
      return [];
    }
  })
  .at(0);

let t: TestApp;
let admin: string;
let user: string;
let cf: CloudflareTestServer;
let ai: ChatCompletionsTestServer;
let pb: PorkbunTestServer;
let dfs: DataForSeoTestServer;
/** Every answer this file received, searched for secrets at the end. */
const answers: string[] = [];

beforeAll(async () => {
  cf = await startCloudflareTestServer({ tokens: { [CF_TOKEN]: { id: 'tok-settings', owner: 'user' } } });
  ai = await startChatCompletionsTestServer({ apiKey: AI_KEY });
  pb = await startPorkbunTestServer({ apiKey: PB_KEY, secretApiKey: PB_SECRET, yourIp: '198.51.100.4' });
  dfs = await startDataForSeoTestServer({ login: DFS_LOGIN, password: DFS_PASSWORD, balance: 7.5 });
  t = await startTestApp({
    CLOUDFLARE_API_URL: cf.baseUrl,
    PORKBUN_API_URL: pb.baseUrl,
    DATAFORSEO_API_URL: dfs.url,
    WP_DB_HOST: '127.0.0.1',
    WP_DB_USER: 'wp_provisioner',
    WP_DB_PASSWORD: ENV_DB_PASSWORD,
    WP_PUBLIC_ADDRESS: '203.0.113.10',
    WP_RUN_AS_USER: 'wp-env-sites',
    DATA_DIR: dataDir,
  });
  // The server passes DATA_DIR to the settings, which keep the sites' folder away from it.
  expect(t.deps.integrations!.dataDir).toBe(dataDir);
  admin = (await t.login()).accessToken;
  const u = await t.createUser({ role: 'user' });
  user = (await t.login(u.email, u.password)).accessToken;
});

afterAll(async () => {
  await t?.close();
  await Promise.all([cf?.close(), ai?.close(), pb?.close(), dfs?.close()]);
  rmSync(scratch, { recursive: true, force: true });
});

async function rest(method: string, path: string, opts: RestOptions = {}): Promise<RestResponse> {
  const res = await t.rest(method, path, { token: admin, ...opts });
  answers.push(JSON.stringify(res.body));
  return res;
}

const section = async (name: string) =>
  (await rest('GET', `settings/integrations/${name}`)).body.data.integration;
const row = (key: string) =>
  t.db.selectFrom('integration_settings').selectAll().where('key', '=', key).executeTakeFirst();
/** WordPress hosting overrides that this host allows. */
const overrides = {
  dbHost: 'db.internal.test',
  dbPort: 3307,
  dbPassword: SAVED_DB_PASSWORD,
  publicAddress: '198.51.100.20',
  coreDir: core,
  hostRoot: sitesRoot,
};

describe('integration settings over REST', () => {
  it('lists the six sections, none configured, the AI on the offline generator', async () => {
    const res = await rest('GET', 'settings/integrations');
    expect(res.status).toBe(200);
    const list = res.body.data.integrations as { section: string; configured: boolean }[];
    expect(list.map((s) => s.section)).toEqual([
      'ai',
      'wordpress_host',
      'cloudflare',
      'registrar',
      'keyword_data',
      'monitoring',
    ]);
    const bySection = Object.fromEntries(list.map((s) => [s.section, s]));
    expect(bySection.ai).toMatchObject({
      configured: false,
      source: 'none',
      generator: 'offline',
      lastTest: null,
    });
    expect(bySection.cloudflare).toMatchObject({
      configured: false,
      secrets: { apiToken: { set: false, masked: null, source: null } },
    });
    expect(bySection.monitoring).toMatchObject({
      configured: false,
      source: 'defaults',
      defaults: { uptimeIntervalMinutes: 5 },
      secrets: { notificationWebhookUrl: { set: false, masked: null, source: null } },
    });
    expect(await textGenerator(t.deps)).toMatchObject({ kind: 'offline' });
  });

  it('refuses a first save without the secret', async () => {
    const res = await rest('PUT', 'settings/integrations/cloudflare', { body: { accountId: CF_ACCOUNT } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.issues).toEqual([{ path: 'apiToken', message: 'Required' }]);
    expect(await row('cloudflare')).toBeUndefined();
  });

  it('saves Cloudflare, answers the token only as •••• plus its last 4, and stores it encrypted', async () => {
    const res = await rest('PUT', 'settings/integrations/cloudflare', {
      body: { apiToken: CF_TOKEN, accountId: CF_ACCOUNT },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.integration).toMatchObject({
      section: 'cloudflare',
      configured: true,
      source: 'settings',
      values: { accountId: CF_ACCOUNT },
      secrets: { apiToken: { set: true, masked: '••••7f3a', source: 'settings' } },
      lastTest: null,
      updatedBy: { username: 'admin' },
    });
    const stored = await row('cloudflare');
    expect(stored!.secret_ciphertext).toMatch(/^v1:k1:/);
    expect(JSON.stringify(stored)).not.toContain(CF_TOKEN);

    expect(await section('cloudflare')).toMatchObject({ secrets: { apiToken: { masked: '••••7f3a' } } });
    expect(await integrationConfig(t.deps, 'cloudflare')).toEqual({
      apiToken: CF_TOKEN,
      accountId: CF_ACCOUNT,
      baseUrl: cf.baseUrl,
    });
  });

  it('Test verifies the token with Cloudflare and stores the result with its time', async () => {
    const before = Date.now();
    const res = await rest('POST', 'settings/integrations/cloudflare/test');
    expect(res.status).toBe(200);
    expect(res.body.data.result).toMatchObject({
      ok: true,
      message: 'The API token is valid and active (user token tok-settings)',
    });
    expect(Date.parse(res.body.data.result.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(cf.requests.at(-1)!.headers.authorization).toBe(`Bearer ${CF_TOKEN}`);
    expect((await section('cloudflare')).lastTest).toEqual(res.body.data.integration.lastTest);
  });

  it('keeps the stored secret when a save leaves it empty (and forgets the old test result)', async () => {
    const res = await rest('PUT', 'settings/integrations/cloudflare', {
      body: { apiToken: '', accountId: CF_ACCOUNT.toUpperCase() },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.integration).toMatchObject({
      values: { accountId: CF_ACCOUNT.toUpperCase() },
      secrets: { apiToken: { set: true, masked: '••••7f3a' } },
      lastTest: null,
    });
    expect((await integrationConfig(t.deps, 'cloudflare')).apiToken).toBe(CF_TOKEN);
    expect((await rest('POST', 'settings/integrations/cloudflare/test')).status).toBe(200);
  });

  it('a refused token answers UNAUTHORIZED_INTEGRATION with Cloudflare’s message and a link to the section', async () => {
    await rest('PUT', 'settings/integrations/cloudflare', {
      body: { apiToken: 'cf-wrong-token-zzzz-5555', accountId: CF_ACCOUNT },
    });
    const res = await rest('POST', 'settings/integrations/cloudflare/test');
    expect(res.status).toBe(502);
    expect(res.body.error).toEqual({
      code: 'UNAUTHORIZED_INTEGRATION',
      message: 'Invalid API Token',
      details: {
        integration: 'cloudflare',
        kind: 'unauthorized',
        settingsPath: '/settings#cloudflare',
        status: 401,
        providerCode: '1000',
      },
    });
    const view = await section('cloudflare');
    expect(view.lastTest).toMatchObject({ ok: false, message: 'Invalid API Token' });
    expect(view.secrets.apiToken.masked).toBe('••••5555');
  });

  it('Clear removes the section; then the vertical API and Test answer INTEGRATION_NOT_CONFIGURED', async () => {
    const res = await rest('DELETE', 'settings/integrations/cloudflare');
    expect(res.status).toBe(200);
    expect(res.body.data.integration).toMatchObject({
      configured: false,
      values: {},
      secrets: { apiToken: { set: false } },
      lastTest: null,
    });
    expect(await row('cloudflare')).toBeUndefined();

    const err = await integrationConfig(t.deps, 'cloudflare').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      appCode: 'INTEGRATION_NOT_CONFIGURED',
      message:
        'Cloudflare is not configured. An admin can set it up in Settings → Integrations → Cloudflare.',
      details: { integration: 'cloudflare', settingsPath: '/settings#cloudflare' },
    });
    expect(await optionalIntegrationConfig(t.deps, 'cloudflare')).toBeNull();

    const test = await rest('POST', 'settings/integrations/cloudflare/test');
    expect(test.status).toBe(409);
    expect(test.body.error).toMatchObject({
      code: 'INTEGRATION_NOT_CONFIGURED',
      details: { integration: 'cloudflare', settingsPath: '/settings#cloudflare' },
    });
  });

  it('the registrar (Porkbun): save, Test against its protocol, refused keys', async () => {
    expect(
      (await rest('PUT', 'settings/integrations/registrar', { body: { apiKey: PB_KEY } })).body.error.details
        .issues,
    ).toEqual([{ path: 'secretApiKey', message: 'Required' }]);
    const saved = await rest('PUT', 'settings/integrations/registrar', {
      body: { provider: 'porkbun', apiKey: PB_KEY, secretApiKey: PB_SECRET },
    });
    expect(saved.body.data.integration.secrets).toEqual({
      apiKey: { set: true, masked: '••••1111', source: 'settings' },
      secretApiKey: { set: true, masked: '••••2222', source: 'settings' },
    });
    const ok = await rest('POST', 'settings/integrations/registrar/test');
    expect(ok.status).toBe(200);
    expect(ok.body.data.result.message).toBe(
      'Porkbun accepted the API keys (it sees this server as 198.51.100.4)',
    );
    expect(JSON.parse(pb.requests.at(-1)!.body)).toEqual({ apikey: PB_KEY, secretapikey: PB_SECRET });

    // Only the secret key changes; the API key is kept.
    await rest('PUT', 'settings/integrations/registrar', {
      body: { secretApiKey: 'sk1_wrong_secret_key_0000000' },
    });
    const refused = await rest('POST', 'settings/integrations/registrar/test');
    expect(refused.status).toBe(502);
    expect(refused.body.error).toMatchObject({
      code: 'UNAUTHORIZED_INTEGRATION',
      message: 'Invalid API key. (002)',
      details: { integration: 'registrar', settingsPath: '/settings#registrar' },
    });
    expect(JSON.parse(pb.requests.at(-1)!.body).apikey).toBe(PB_KEY);
  });

  it('keyword data (DataForSEO): save, Test with Basic auth, refused password', async () => {
    await rest('PUT', 'settings/integrations/keyword_data', {
      body: { login: DFS_LOGIN, password: DFS_PASSWORD },
    });
    const ok = await rest('POST', 'settings/integrations/keyword_data/test');
    expect(ok.status).toBe(200);
    expect(ok.body.data.result.message).toBe(`Signed in to DataForSEO as ${DFS_LOGIN}; balance $7.50`);

    await rest('PUT', 'settings/integrations/keyword_data', {
      body: { login: DFS_LOGIN, password: 'not-the-password' },
    });
    const refused = await rest('POST', 'settings/integrations/keyword_data/test');
    expect(refused.status).toBe(502);
    expect(refused.body.error.code).toBe('UNAUTHORIZED_INTEGRATION');
    expect(refused.body.error.message).toMatch(/^You are not authorized to access this resource/);
    expect(refused.body.error.details).toMatchObject({ integration: 'keyword_data', providerCode: '40100' });
    expect((await section('keyword_data')).lastTest).toMatchObject({ ok: false });
  });

  it('WordPress hosting: the WP_* environment is the default, the screen overrides it', async () => {
    const view = await section('wordpress_host');
    expect(view).toMatchObject({
      configured: true,
      source: 'environment',
      values: {},
      defaults: { dbHost: '127.0.0.1', dbUser: 'wp_provisioner', publicAddress: '203.0.113.10' },
      secrets: { dbPassword: { set: true, masked: '••••4444', source: 'environment' } },
    });
    const fromEnv = await integrationConfig(t.deps, 'wordpress_host');
    expect(fromEnv.host.db).toMatchObject({
      host: '127.0.0.1',
      user: 'wp_provisioner',
      password: ENV_DB_PASSWORD,
    });
    expect(fromEnv.publicAddress).toBe('203.0.113.10');

    // WP_DB_PASSWORD goes only to the environment's account: another host, port or user needs a password.
    for (const moved of [{ dbUser: 'someone_else' }, { dbPort: 3307 }, { dbHost: 'db.elsewhere.test' }]) {
      const res = await rest('PUT', 'settings/integrations/wordpress_host', { body: moved });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.issues).toEqual([
        {
          path: 'dbPassword',
          message:
            "Enter the database password: the environment's (WP_DB_PASSWORD) is only used with the environment's dbHost, dbPort, dbUser",
        },
      ]);
    }
    expect(await row('wordpress_host')).toBeUndefined();
    const same = await rest('PUT', 'settings/integrations/wordpress_host', {
      body: { dbHost: '127.0.0.1', dbPort: 3306, dbUser: 'wp_provisioner' },
    });
    expect(same.status).toBe(200);
    expect((await integrationConfig(t.deps, 'wordpress_host')).host.db.password).toBe(ENV_DB_PASSWORD);
    expect(same.body.data.integration.secrets.dbPassword).toEqual({
      set: true,
      masked: '••••4444',
      source: 'environment',
    });

    const saved = await rest('PUT', 'settings/integrations/wordpress_host', { body: overrides });
    expect(saved.status).toBe(200);
    const merged = await integrationConfig(t.deps, 'wordpress_host');
    expect(merged.host.db).toEqual({
      host: 'db.internal.test',
      port: 3307,
      user: 'wp_provisioner',
      password: SAVED_DB_PASSWORD,
    });
    expect(merged.host.core).toBe(core);
    expect(merged.host.root).toBe(sitesRoot);
    expect(merged.publicAddress).toBe('198.51.100.20');

    // The saved password is bound to the whole account too, not only to the host.
    const { dbPassword: _, ...keep } = overrides;
    const otherUser = await rest('PUT', 'settings/integrations/wordpress_host', {
      body: { ...keep, dbUser: 'someone_else' },
    });
    expect(otherUser.status).toBe(400);
    expect(otherUser.body.error.details.issues).toEqual([
      {
        path: 'dbPassword',
        message:
          'Enter the database password again: the stored one is only used with the dbHost, dbPort, dbUser it was saved with',
      },
    ]);
    expect((await integrationConfig(t.deps, 'wordpress_host')).host.db.user).toBe('wp_provisioner');

    const refused = await rest('PUT', 'settings/integrations/wordpress_host', {
      body: { phpBin: '/bin/sh', runAsUser: 'root', publicAddress: 'not an address' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      'phpBin',
      'publicAddress',
      'runAsUser',
    ]);
  });

  it('WordPress hosting: refuses overrides that reach into the host, each on its field', async () => {
    const { dbPassword: _, ...keep } = overrides;
    const refusal = async (field: string, value: string) => {
      const res = await rest('PUT', 'settings/integrations/wordpress_host', {
        body: { ...keep, [field]: value },
      });
      expect(res.status, `${field}=${value}`).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.issues).toHaveLength(1);
      expect(res.body.error.details.issues[0].path).toBe(field);
      return res.body.error.details.issues[0].message as string;
    };
    const accepted = async (field: string, value: string) => {
      const res = await rest('PUT', 'settings/integrations/wordpress_host', {
        body: { ...keep, [field]: value },
      });
      expect(res.status, `${field}=${value}: ${JSON.stringify(res.body.error)}`).toBe(200);
      expect(res.body.data.integration.values[field]).toBe(value);
    };

    // The sites run as their own user: the environment's or blogfleet-sites, no other account of the host.
    for (const user of ['postgres', 'www-data', 'nobody']) {
      expect(await refusal('runAsUser', user)).toBe(
        "Must be the sites' own user: wp-env-sites or blogfleet-sites",
      );
    }
    await accepted('runAsUser', 'blogfleet-sites');
    await accepted('runAsUser', 'wp-env-sites');

    // The core: a real WordPress core, never / (every entry of it is linked into each site's web root).
    expect(await refusal('coreDir', '/')).toBe('Must not be /');
    expect(await refusal('coreDir', join(scratch, 'to-root'))).toBe('Must not be /');
    for (const dir of ['/nonexistent/wp-core', halfCore, '/etc']) {
      expect(await refusal('coreDir', dir)).toBe(
        'Must be a WordPress core (a folder with wp-load.php and wp-admin/includes/upgrade.php)',
      );
    }
    await accepted('coreDir', core);

    // The sites' folder: absolute, away from the system and from DATA_DIR (the server's secrets).
    for (const dir of ['relative/sites', '/', '//']) {
      expect(await refusal('hostRoot', dir)).toBe('Must be an absolute path other than /');
    }
    for (const dir of [
      '/etc/blogfleet',
      '/usr/local/sites',
      '/var/lib/postgresql/sites',
      '/var',
      '/root/sites',
    ]) {
      expect(await refusal('hostRoot', dir)).toMatch(
        /^Must not be, contain or lie inside a system directory \(\/\w+/,
      );
    }
    for (const dir of [dataDir, join(dataDir, 'sites'), scratch, join(scratch, 'to-data', 'sites')]) {
      expect(await refusal('hostRoot', dir)).toBe(
        "Must not be, contain or lie inside DATA_DIR (the server's secrets)",
      );
    }
    await accepted('hostRoot', join(scratch, 'other-sites'));
    // A server that does not say where DATA_DIR is cannot check a sites' folder, so it takes none.
    const known = t.deps.integrations!.dataDir;
    delete t.deps.integrations!.dataDir;
    try {
      expect(await refusal('hostRoot', join(scratch, 'other-sites'))).toBe(
        'Cannot be checked against DATA_DIR here; leave it empty to use WP_HOST_ROOT',
      );
    } finally {
      t.deps.integrations!.dataDir = known;
    }

    // PHP: the environment's, or a php / php<version> executable in /usr/bin or /usr/local/bin.
    for (const bin of [
      '/tmp/php',
      `${core}/php`,
      '/usr/local/bin/php0.0',
      'php8.2',
      '/usr/bin/../../tmp/php',
    ]) {
      expect(await refusal('phpBin', bin)).toBe(
        'Must be "php" (WP_PHP_BIN) or an executable php or php<version> in /usr/bin or /usr/local/bin',
      );
    }
    await accepted('phpBin', 'php');
    if (systemPhp) await accepted('phpBin', systemPhp);

    expect((await integrationConfig(t.deps, 'wordpress_host')).host.db.password).toBe(SAVED_DB_PASSWORD);
  });

  it('WordPress hosting: Test runs the host check and stores the failure', async () => {
    const res = await rest('POST', 'settings/integrations/wordpress_host/test');
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('INTEGRATION_ERROR');
    expect(res.body.error.details.integration).toBe('wordpress_host');
    const view = await section('wordpress_host');
    expect(view.lastTest).toMatchObject({ ok: false, message: res.body.error.message });
  }, 30_000);

  it('WordPress hosting: values saved before these rules are refused, never used', async () => {
    const before = await row('wordpress_host');
    const store = (values: object) =>
      t.db
        .updateTable('integration_settings')
        .set({ value: JSON.stringify(values), secret_ciphertext: null })
        .where('key', '=', 'wordpress_host')
        .execute();

    // The environment's password does not follow a user changed under the old rule (host only).
    await store({ dbUser: 'legacy_user' });
    expect((await integrationConfig(t.deps, 'wordpress_host')).host.db).toEqual({
      host: '127.0.0.1',
      port: 3306,
      user: 'legacy_user',
      password: '',
    });
    expect((await section('wordpress_host')).secrets.dbPassword).toEqual({
      set: false,
      masked: null,
      source: null,
    });

    await store({ runAsUser: 'postgres', coreDir: '/', hostRoot: join(dataDir, 'sites') });
    const res = await rest('POST', 'settings/integrations/wordpress_host/test');
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'INTEGRATION_NOT_CONFIGURED',
      message:
        "The saved WordPress hosting settings are not allowed on this host (hostRoot: Must not be, contain or lie inside DATA_DIR (the server's secrets); coreDir: Must not be /; runAsUser: Must be the sites' own user: wp-env-sites or blogfleet-sites). An admin can correct them in Settings → Integrations → WordPress hosting.",
      details: { integration: 'wordpress_host', settingsPath: '/settings#wordpress-host' },
    });
    const err = await integrationConfig(t.deps, 'wordpress_host').catch((e: unknown) => e);
    expect(err).toMatchObject({ appCode: 'INTEGRATION_NOT_CONFIGURED' });

    await t.db
      .updateTable('integration_settings')
      .set({ value: before!.value, secret_ciphertext: before!.secret_ciphertext })
      .where('key', '=', 'wordpress_host')
      .execute();
  });

  it('writes every change to the audit log, never a secret', async () => {
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['action', 'subject_id', 'details'])
      .where('subject_type', '=', 'integration')
      .orderBy('id')
      .execute();
    const actions = rows.map((r) => `${r.action} ${r.subject_id}`);
    expect(actions).toContain('integration.save cloudflare');
    expect(actions).toContain('integration.test cloudflare');
    expect(actions).toContain('integration.clear cloudflare');
    expect(actions).toContain('integration.save wordpress_host');
    const keep = rows.find(
      (r) => r.action === 'integration.save' && (r.details.secretsKept as string[] | undefined)?.length,
    );
    expect(keep?.details).toMatchObject({
      section: 'cloudflare',
      secretsKept: ['apiToken'],
      secretsReplaced: [],
    });
    const text = JSON.stringify(rows);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });
});

describe('integration settings over tRPC (the AI section)', () => {
  let client: Awaited<ReturnType<typeof trpcClient>>;
  let token: string | null = null;
  beforeAll(async () => {
    client = await trpcClient(t.app, () => token);
  });

  const failure = async (call: Promise<unknown>) => {
    try {
      await call;
    } catch (err) {
      if (err instanceof TRPCClientError) {
        answers.push(JSON.stringify({ message: err.message, data: err.data }));
        return err as TRPCClientError<any>;
      }
      throw err;
    }
    throw new Error('expected the call to fail');
  };

  it('a plain user gets FORBIDDEN for every integration call', async () => {
    token = user;
    // One call at a time: a call started early would reject before anything awaits it.
    for (const call of [
      () => client.settings.list.query(),
      () => client.settings.get.query({ section: 'ai' }),
      () => client.settings.saveAi.mutate({ baseUrl: ai.baseUrl, apiKey: AI_KEY, model: 'gpt-test' }),
      () => client.settings.test.mutate({ section: 'cloudflare' }),
      () => client.settings.clear.mutate({ section: 'registrar' }),
    ]) {
      const err = await failure(call());
      expect(err.data?.code).toBe('FORBIDDEN');
      expect(err.data?.appCode).toBe('FORBIDDEN');
    }
    const res = await t.rest('GET', 'settings/integrations', { token: user });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    expect((await section('registrar')).configured).toBe(true);
  });

  it('Test without a model says the offline generator is in use', async () => {
    token = admin;
    const err = await failure(client.settings.test.mutate({ section: 'ai' }));
    expect(err.data?.appCode).toBe('INTEGRATION_NOT_CONFIGURED');
    expect(err.message).toMatch(/offline generator/);
    expect(err.data?.details).toMatchObject({ integration: 'ai', settingsPath: '/settings#ai' });
  });

  it('saves the model, tests it against the chat-completions server, and never returns the key', async () => {
    token = admin;
    const saved = await client.settings.saveAi.mutate({
      baseUrl: ai.baseUrl,
      apiKey: AI_KEY,
      model: 'gpt-test',
      temperature: 0.4,
    });
    answers.push(JSON.stringify(saved));
    expect(saved.integration).toMatchObject({
      configured: true,
      generator: 'openai',
      values: { baseUrl: ai.baseUrl, model: 'gpt-test', temperature: 0.4 },
      secrets: { apiKey: { set: true, masked: `••••${AI_KEY.slice(-4)}` } },
    });
    const tested = await client.settings.test.mutate({ section: 'ai' });
    answers.push(JSON.stringify(tested));
    expect(tested.result.ok).toBe(true);
    expect(tested.result.message).toMatch(/^Model .+ answered in \d+ ms$/);
    expect(ai.completions().at(-1)!.authorization).toBe(`Bearer ${AI_KEY}`);
    expect(await textGenerator(t.deps)).toMatchObject({ kind: 'openai' });
  });

  it('a new base URL needs the key again, so a stored key never goes to another server', async () => {
    token = admin;
    const err = await failure(
      client.settings.saveAi.mutate({ baseUrl: 'https://elsewhere.example/v1', model: 'gpt-test' }),
    );
    expect(err.data?.appCode).toBe('VALIDATION_ERROR');
    expect(err.data?.details.issues[0].path).toBe('apiKey');
    expect((await integrationConfig(t.deps, 'ai')).baseUrl).toBe(ai.baseUrl);
  });

  it('refuses a base URL that carries a user name or password', async () => {
    token = admin;
    for (const baseUrl of [
      `https://someone:${URL_PASSWORD}@api.example/v1`,
      `https://:${URL_PASSWORD}@api.example/v1`,
      'https://someone@api.example/v1',
    ]) {
      const err = await failure(
        client.settings.saveAi.mutate({ baseUrl, apiKey: AI_KEY, model: 'gpt-test' }),
      );
      expect(err.data?.appCode).toBe('VALIDATION_ERROR');
      expect(err.data?.details.issues).toEqual([
        {
          path: 'baseUrl',
          message: 'Must not contain a user name or password (put the key in its own field)',
        },
      ]);
      const res = await rest('PUT', 'settings/integrations/ai', {
        body: { baseUrl, apiKey: AI_KEY, model: 'gpt-test' },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.details.issues[0].path).toBe('baseUrl');
    }
    expect((await integrationConfig(t.deps, 'ai')).baseUrl).toBe(ai.baseUrl);

    // One saved before the rule is answered without them.
    const before = await row('ai');
    const values = JSON.parse(before!.value!);
    await t.db
      .updateTable('integration_settings')
      .set({
        value: JSON.stringify({ ...values, baseUrl: `https://someone:${URL_PASSWORD}@legacy.example/v1` }),
      })
      .where('key', '=', 'ai')
      .execute();
    expect((await section('ai')).values.baseUrl).toBe('https://legacy.example/v1');
    await t.db
      .updateTable('integration_settings')
      .set({ value: before!.value })
      .where('key', '=', 'ai')
      .execute();
  });

  it('a refused key answers UNAUTHORIZED_INTEGRATION with the provider’s message', async () => {
    token = admin;
    await client.settings.saveAi.mutate({
      baseUrl: ai.baseUrl,
      apiKey: 'sk-not-the-right-key-0000',
      model: 'gpt-test',
    });
    const err = await failure(client.settings.test.mutate({ section: 'ai' }));
    expect(err.data?.appCode).toBe('UNAUTHORIZED_INTEGRATION');
    expect(err.data?.httpStatus).toBe(502);
    expect(err.message).toMatch(/^Incorrect API key provided/);
    expect(err.data?.details).toMatchObject({ integration: 'ai', settingsPath: '/settings#ai' });
  });
});

describe('never a secret anywhere', () => {
  it('no answer of this file carried a stored secret', () => {
    expect(answers.length).toBeGreaterThan(20);
    for (const text of answers) for (const secret of SECRETS) expect(text).not.toContain(secret);
  });

  it('the log redaction covers the settings and account field names', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const options = loggerOptions({ logLevel: 'info' }) as {
      level: string;
      redact: pino.LoggerOptions['redact'];
    };
    const log = pino({ level: options.level, redact: options.redact }, sink);
    const input = {
      apiKey: AI_KEY,
      apiToken: CF_TOKEN,
      secretApiKey: PB_SECRET,
      apikey: PB_KEY,
      secretapikey: PB_SECRET,
      password: DFS_PASSWORD,
      dbPassword: ENV_DB_PASSWORD,
      currentPassword: 'current-password-1',
      newPassword: 'new-password-2',
    };
    log.info({ input }, 'a call');
    const text = lines.join('');
    expect(text).toContain('[redacted]');
    for (const value of Object.values(input)) expect(text).not.toContain(value);
  });

  it('the OpenAPI document describes the settings and account calls', async () => {
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(doc.paths['/settings/integrations'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/settings/integrations/{section}']).sort()).toEqual(['delete', 'get']);
    expect(Object.keys(doc.paths['/settings/integrations/{section}/test'])).toEqual(['post']);
    for (const s of ['ai', 'wordpress_host', 'cloudflare', 'registrar', 'keyword_data']) {
      expect(Object.keys(doc.paths[`/settings/integrations/${s}`])).toEqual(['put']);
    }
    expect(Object.keys(doc.paths['/account/password'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/account/language'])).toEqual(['put']);
  });
});
