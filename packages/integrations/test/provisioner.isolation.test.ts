/**
 * What a provisioned site's PHP can see and touch, on a real WordPress host: its environment (never the
 * server's secrets), its system user (WP_RUN_AS_USER) and files, WP_ENVIRONMENT_TYPE and
 * DISALLOW_FILE_MODS as WordPress itself reports them.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SITES_USER,
  deprovisionSite,
  hostFromEnv,
  provisionSite,
  startSite,
  wordpressHostAvailable,
  type ProvisionInput,
  type RunningSite,
  type WordPressHost,
} from '@blogfleet/integrations/wordpress';

const run = promisify(execFile);
const setupScript = fileURLToPath(new URL('../../../infra/wordpress/setup-host.sh', import.meta.url));

async function sitesUserId(): Promise<{ uid: number; gid: number } | null> {
  try {
    const fields = (await run('getent', ['passwd', DEFAULT_SITES_USER])).stdout.split(':');
    return { uid: Number(fields[2]), gid: Number(fields[3]) };
  } catch {
    return null;
  }
}

// The sites' user comes from setup-host.sh; as root we can run it here when a machine lacks the user.
const isRoot = process.getuid?.() === 0;
let sitesUser = await sitesUserId();
if (!sitesUser && isRoot) {
  await run('bash', [setupScript], { timeout: 300_000 }).catch((error: Error) => {
    console.warn(`setup-host.sh could not create ${DEFAULT_SITES_USER}: ${error.message}`);
  });
  sitesUser = await sitesUserId();
}
const noSitesUser = sitesUser
  ? null
  : isRoot
    ? `the system user ${DEFAULT_SITES_USER} does not exist and setup-host.sh could not create it`
    : `not root: cannot run PHP as ${DEFAULT_SITES_USER} (needs a root server)`;
if (noSitesUser)
  console.warn(`Skipping the separate-user checks of provisioner.isolation.test.ts: ${noSitesUser}`);

const baseHost = hostFromEnv({ ...process.env, WP_RUN_AS_USER: '' });
const unavailable = await wordpressHostAvailable(baseHost);
if (unavailable && process.env.BLOGFLEET_TEST_ALL) {
  throw new Error(`WordPress host required (BLOGFLEET_TEST_ALL): ${unavailable}`);
}
if (unavailable) console.warn(`Skipping provisioner.isolation.test.ts: ${unavailable}`);

const suffix = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
const input = (domain: string): ProvisionInput => ({
  domain,
  title: 'Isolated',
  slogan: '',
  adminEmail: 'owner@example.com',
  postTitle: 'First',
  postContent: '',
  pageTitle: 'About',
  pageContent: '',
  language: 'en',
  timezone: 'UTC',
});

/** Values the server has in its environment that no PHP process of a site may see. */
const SECRETS = {
  JWT_SECRET: `jwt-${suffix}-secret`,
  ENCRYPTION_KEY: `enc-${suffix}-key`,
  DATABASE_URL: `postgres://blogfleet:pg-${suffix}@127.0.0.1/blogfleet`,
  WP_DB_PASSWORD: `mariadb-root-${suffix}`,
};
const ALLOWED_ENV = ['HOME', 'LANG', 'LC_ALL', 'PATH', 'TMPDIR', 'TZ'];

/** Dumps what a provisioning task's PHP sees (loaded by WordPress in the install/configure tasks). */
const TASK_PROBE = `<?php
if (PHP_SAPI === 'cli') {
    file_put_contents(WP_CONTENT_DIR . '/uploads/task-probe.json', json_encode([
        'env' => getenv(), 'server' => $_SERVER, 'user' => posix_getpwuid(posix_geteuid())['name'],
    ]));
}
`;

/** A page that reports what the site's PHP server sees, as WordPress runs it. */
const PAGE_PROBE = `<?php
require ABSPATH . 'wp-load.php';
$site = dirname(rtrim(ABSPATH, '/'));
$admin = get_user_by('login', 'admin');
wp_set_current_user($admin->ID);
header('Content-Type: application/json');
echo json_encode([
    'env' => getenv(),
    'server' => $_SERVER,
    'user' => posix_getpwuid(posix_geteuid())['name'],
    'environment' => wp_get_environment_type(),
    'fileMods' => defined('DISALLOW_FILE_MODS') && DISALLOW_FILE_MODS,
    'can' => array_map('current_user_can', ['install_plugins' => 'install_plugins', 'install_themes' => 'install_themes',
        'update_plugins' => 'update_plugins', 'edit_plugins' => 'edit_plugins', 'edit_themes' => 'edit_themes',
        'manage_options' => 'manage_options']),
    'readable' => array_map('is_readable', ['config' => ABSPATH . 'wp-config.php', 'info' => "$site/site-info.json",
        'state' => dirname($site) . '/.blogfleet']),
    'writable' => array_map('is_writable', ['config' => ABSPATH . 'wp-config.php', 'public' => ABSPATH,
        'site' => $site, 'info' => "$site/site-info.json", 'router' => "$site/router.php",
        'task' => "$site/wp-task.php", 'themes' => WP_CONTENT_DIR . '/themes', 'plugins' => WP_CONTENT_DIR . '/plugins',
        'uploads' => WP_CONTENT_DIR . '/uploads', 'upgrade' => WP_CONTENT_DIR . '/upgrade']),
]);
`;

interface Probe {
  env: Record<string, string>;
  server: Record<string, unknown>;
  user: string;
  environment?: string;
  fileMods?: boolean;
  can?: Record<string, boolean>;
  readable?: Record<string, boolean>;
  writable?: Record<string, boolean>;
}

describe.skipIf(unavailable !== null)("a site's PHP", () => {
  let root: string;
  const domains: string[] = [];
  const running: RunningSite[] = [];
  const saved = { ...process.env };

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'blogfleet-wp-iso-'));
    Object.assign(process.env, SECRETS);
  });

  afterAll(async () => {
    for (const key of Object.keys(SECRETS)) delete process.env[key];
    Object.assign(process.env, saved);
    for (const site of running) await site.stop().catch(() => undefined);
    const host = hostOf(undefined);
    for (const domain of domains) await deprovisionSite(host, domain).catch(() => undefined);
    await rm(root, { recursive: true, force: true });
  }, 60_000);

  const hostOf = (runAs: string | undefined, extra: Partial<WordPressHost> = {}): WordPressHost => ({
    ...baseHost,
    root,
    firstPort: 30_000 + Math.floor(Math.random() * 9_000),
    runAs,
    ...extra,
  });

  /**
   * Provisions with the task probe in place (a crash before the install step leaves the files for it),
   * starts the site with the page probe, and returns what both saw.
   */
  async function provisionAndProbe(name: string, host: WordPressHost) {
    const domain = `${name}-${suffix}.blogfleet-test.com`;
    domains.push(domain);
    await expect(
      provisionSite(host, input(domain), undefined, { fault: { step: 'install', mode: 'crash' } }),
    ).rejects.toThrow(/Simulated crash/);
    const publicDir = path.join(root, domain, 'public');
    await mkdir(path.join(publicDir, 'wp-content', 'mu-plugins'));
    await writeFile(path.join(publicDir, 'wp-content', 'mu-plugins', 'probe.php'), TASK_PROBE);
    await writeFile(path.join(publicDir, 'probe.php'), PAGE_PROBE);
    const creds = await provisionSite(host, input(domain));
    const site = await startSite(host, domain);
    running.push(site);
    const res = await fetch(`http://${host.bindAddress}:${site.port}/probe.php`);
    expect(res.status).toBe(200);
    const page = (await res.json()) as Probe;
    const task = JSON.parse(
      await readFile(path.join(publicDir, 'wp-content', 'uploads', 'task-probe.json'), 'utf8'),
    ) as Probe;
    return { domain, creds, site, page, task, publicDir, siteDir: path.join(root, domain) };
  }

  const expectNoSecrets = (probe: Probe, what: string) => {
    expect(
      Object.keys(probe.env).filter((k) => !ALLOWED_ENV.includes(k)),
      what,
    ).toEqual([]);
    const visible = JSON.stringify(probe);
    for (const [name, value] of Object.entries(SECRETS))
      expect(visible, `${what}: ${name}`).not.toContain(value);
    expect(probe.env.PATH, what).toBeTruthy();
  };

  it('gets a minimal environment, without the server secrets (server user)', async () => {
    const { page, task } = await provisionAndProbe('env', hostOf(undefined));
    expect(process.env.JWT_SECRET).toBe(SECRETS.JWT_SECRET); // the server does have them
    expectNoSecrets(task, 'provisioning task');
    expectNoSecrets(page, 'site server');
  }, 120_000);

  describe.skipIf(noSitesUser !== null)(`run as ${DEFAULT_SITES_USER}`, () => {
    let probed: Awaited<ReturnType<typeof provisionAndProbe>>;

    beforeAll(async () => {
      // hostFromEnv's default when that user exists and the server is root.
      const host = hostFromEnv({ ...process.env, WP_HOST_ROOT: root });
      expect(host.runAs).toBe(DEFAULT_SITES_USER);
      probed = await provisionAndProbe('runas', { ...hostOf(undefined), runAs: host.runAs });
    }, 120_000);

    it('runs the provisioning tasks and the site server as that user, with the minimal environment', () => {
      expect(probed.task.user).toBe(DEFAULT_SITES_USER);
      expect(probed.page.user).toBe(DEFAULT_SITES_USER);
      expectNoSecrets(probed.task, 'provisioning task');
      expectNoSecrets(probed.page, 'site server');
      expect(probed.page.env.HOME).toBe('/nonexistent');
    });

    it('may read wp-config.php and write uploads only; the rest stays the server’s', () => {
      expect(probed.page.readable).toEqual({ config: true, info: false, state: false });
      expect(probed.page.writable).toEqual({
        config: false,
        public: false,
        site: false,
        info: false,
        router: false,
        task: false,
        themes: false,
        plugins: false,
        uploads: true,
        upgrade: true,
      });
    });

    it('owns only the upload directories; nothing is open to other users', async () => {
      const own = async (file: string) => {
        const s = await stat(file);
        return { uid: s.uid, gid: s.gid, mode: (s.mode & 0o777).toString(8) };
      };
      const server = { uid: process.getuid!() };
      const { uid, gid } = sitesUser!;
      const content = path.join(probed.publicDir, 'wp-content');
      expect(await own(probed.siteDir)).toEqual({ ...server, gid, mode: '750' });
      expect(await own(probed.publicDir)).toEqual({ ...server, gid, mode: '750' });
      expect(await own(path.join(probed.publicDir, 'wp-config.php'))).toEqual({
        ...server,
        gid,
        mode: '640',
      });
      expect(await own(path.join(probed.siteDir, 'router.php'))).toEqual({ ...server, gid, mode: '640' });
      expect(await own(path.join(probed.siteDir, 'site-info.json'))).toMatchObject({
        ...server,
        mode: '600',
      });
      expect(await own(path.join(root, '.blogfleet'))).toMatchObject({ ...server, mode: '700' });
      expect(await own(path.join(content, 'uploads'))).toEqual({ uid, gid, mode: '750' });
      expect(await own(path.join(content, 'upgrade'))).toEqual({ uid, gid, mode: '750' });
      expect(await own(path.join(content, 'uploads', 'task-probe.json'))).toMatchObject({ uid });
    });
  });

  it("is a 'local' environment on loopback, where the application password works over HTTP", async () => {
    const { page, creds, site } = await provisionAndProbe('local', hostOf(undefined));
    expect(page.environment).toBe('local');
    const auth = `Basic ${Buffer.from(`admin:${creds.appPassword}`).toString('base64')}`;
    const me = await fetch(`${site.url}/?rest_route=/wp/v2/users/me`, { headers: { authorization: auth } });
    expect(me.status).toBe(200);
  }, 120_000);

  it('is a production environment behind HTTPS: no application password over plain HTTP', async () => {
    const host = hostOf(undefined, { siteUrl: (domain) => `https://${domain}` });
    const { page, creds, site, publicDir } = await provisionAndProbe('public', host);
    expect(creds.siteUrl).toMatch(/^https:\/\//);
    expect(await readFile(path.join(publicDir, 'wp-config.php'), 'utf8')).not.toContain(
      'WP_ENVIRONMENT_TYPE',
    );
    expect(page.environment).toBe('production');
    const auth = `Basic ${Buffer.from(`admin:${creds.appPassword}`).toString('base64')}`;
    const url = `http://${host.bindAddress}:${site.port}/?rest_route=/wp/v2/users/me`;
    expect((await fetch(url, { headers: { authorization: auth } })).status).toBe(401);
    // As the TLS proxy forwards it, the same password is accepted.
    const proxied = await fetch(url, { headers: { authorization: auth, 'x-forwarded-proto': 'https' } });
    expect(proxied.status).toBe(200);
  }, 120_000);

  it('cannot install, update or edit plugins and themes, even as the administrator', async () => {
    const { page } = await provisionAndProbe('filemods', hostOf(undefined));
    expect(page.fileMods).toBe(true);
    expect(page.can).toEqual({
      install_plugins: false,
      install_themes: false,
      update_plugins: false,
      edit_plugins: false,
      edit_themes: false,
      manage_options: true,
    });
  }, 120_000);
});
