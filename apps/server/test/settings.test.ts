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
/** Every secret this file stores; none may appear in any answer or audit row. */
const SECRETS = [
  CF_TOKEN,
  AI_KEY,
  PB_KEY,
  PB_SECRET,
  DFS_PASSWORD,
  ENV_DB_PASSWORD,
  'cf-wrong-token-zzzz-5555',
];

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
  });
  admin = (await t.login()).accessToken;
  const u = await t.createUser({ role: 'user' });
  user = (await t.login(u.email, u.password)).accessToken;
});

afterAll(async () => {
  await t?.close();
  await Promise.all([cf?.close(), ai?.close(), pb?.close(), dfs?.close()]);
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

describe('integration settings over REST', () => {
  it('lists the five sections, none configured, the AI on the offline generator', async () => {
    const res = await rest('GET', 'settings/integrations');
    expect(res.status).toBe(200);
    const list = res.body.data.integrations as { section: string; configured: boolean }[];
    expect(list.map((s) => s.section)).toEqual([
      'ai',
      'wordpress_host',
      'cloudflare',
      'registrar',
      'keyword_data',
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

    const saved = await rest('PUT', 'settings/integrations/wordpress_host', {
      body: {
        dbHost: 'db.internal.test',
        dbPort: 3307,
        publicAddress: '198.51.100.20',
        coreDir: '/nonexistent/wp-core',
      },
    });
    expect(saved.status).toBe(200);
    const merged = await integrationConfig(t.deps, 'wordpress_host');
    expect(merged.host.db).toEqual({
      host: 'db.internal.test',
      port: 3307,
      user: 'wp_provisioner',
      password: '',
    });
    expect(merged.host.core).toBe('/nonexistent/wp-core');
    expect(merged.publicAddress).toBe('198.51.100.20');

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

  it('WordPress hosting: Test runs the host check and stores the failure', async () => {
    const res = await rest('POST', 'settings/integrations/wordpress_host/test');
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('INTEGRATION_ERROR');
    expect(res.body.error.details.integration).toBe('wordpress_host');
    const view = await section('wordpress_host');
    expect(view.lastTest).toMatchObject({ ok: false, message: res.body.error.message });
  }, 30_000);

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
