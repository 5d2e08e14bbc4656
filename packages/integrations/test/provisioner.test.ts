import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WordPressError,
  deprovisionSite,
  hostFromEnv,
  provisionSite,
  siteDbNames,
  startSite,
  wordpressHostAvailable,
  type ProvisionInput,
  type RunningSite,
  type SiteCredentials,
  type WordPressHost,
} from '@blogfleet/integrations/wordpress';

const baseHost = hostFromEnv(process.env);
const unavailable = await wordpressHostAvailable(baseHost);
if (unavailable && process.env.BLOGFLEET_TEST_ALL) {
  throw new Error(`WordPress host required (BLOGFLEET_TEST_ALL): ${unavailable}`);
}
if (unavailable)
  console.warn(`Skipping provisioner tests: ${unavailable} (run infra/wordpress/setup-host.sh)`);

const suffix = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
const domainOf = (name: string) => `${name}-${suffix}.blogfleet-test.com`;

function siteInput(domain: string, overrides: Partial<ProvisionInput> = {}): ProvisionInput {
  return {
    domain,
    title: 'Test Blog',
    slogan: 'Fresh words daily',
    adminEmail: 'owner@example.com',
    postTitle: 'Hello from Blogfleet',
    postContent: '<p>The very first post.</p>',
    pageTitle: 'About us',
    pageContent: '<p>Who we are.</p>',
    language: 'en',
    timezone: 'Europe/Istanbul',
    ...overrides,
  };
}

describe.skipIf(unavailable !== null)('WordPress site provisioner', () => {
  let host: WordPressHost;
  let db: mysql.Connection;
  const touched = new Set<string>();
  const running: RunningSite[] = [];

  const databaseCount = async (dbName: string) => {
    const [rows] = await db.query<mysql.RowDataPacket[]>('SHOW DATABASES LIKE ?', [dbName]);
    return rows.length;
  };
  const userCount = async (dbUser: string) => {
    const [rows] = await db.query<mysql.RowDataPacket[]>('SELECT User FROM mysql.user WHERE User = ?', [
      dbUser,
    ]);
    return rows.length;
  };
  // Only names this input could lead to: other suites may create databases concurrently.
  const snapshot = async (domain: string) => {
    const slug = domain
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '_')
      .slice(0, 12);
    const pattern = `wp\\_${slug.replace(/_/g, '\\_')}%`;
    const [dbs] = await db.query<mysql.RowDataPacket[]>('SHOW DATABASES LIKE ?', [pattern]);
    const [users] = await db.query<mysql.RowDataPacket[]>('SELECT User FROM mysql.user WHERE User LIKE ?', [
      pattern,
    ]);
    return { dbs: dbs.length, users: users.length, dirs: (await readdir(host.root)).sort() };
  };
  const dirExists = (dir: string) =>
    stat(dir).then(
      () => true,
      () => false,
    );
  // Raw GET: the path goes out as written (fetch would normalize "/../x" to "/x").
  const rawGet = (port: number, requestPath: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.get({ host: host.bindAddress, port, path: requestPath }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
    });
  const provision = (
    domain: string,
    ...rest: Parameters<typeof provisionSite> extends [unknown, unknown, ...infer R] ? R : never
  ) => {
    touched.add(domain);
    return provisionSite(host, siteInput(domain), ...rest);
  };

  beforeAll(async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'blogfleet-wp-'));
    host = { ...baseHost, root, firstPort: 20000 + Math.floor(Math.random() * 20000) };
    db = await mysql.createConnection({ ...baseHost.db, connectTimeout: 5_000 });
  });

  afterAll(async () => {
    for (const site of running) await site.stop().catch(() => undefined);
    for (const domain of touched) await deprovisionSite(host, domain).catch(() => undefined);
    await db?.end();
    if (host) await rm(host.root, { recursive: true, force: true });
  });

  describe('a provisioned and started site', () => {
    const domain = domainOf('main');
    let creds: SiteCredentials;
    let site: RunningSite;
    const progress: number[] = [];

    beforeAll(async () => {
      creds = await provision(domain, (percent) => progress.push(percent));
      site = await startSite(host, domain);
      running.push(site);
    }, 120_000);

    it('reports monotonic progress up to 100', () => {
      expect(progress.length).toBeGreaterThan(4);
      expect(progress.at(-1)).toBe(100);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
    });

    it('returns credentials for the site URL', () => {
      expect(site.url).toBe(creds.siteUrl);
      expect(creds.siteUrl).toBe(`http://${host.bindAddress}:${site.port}`);
      expect(site.port).toBeGreaterThanOrEqual(host.firstPort);
      expect(creds.adminUrl).toBe(`${creds.siteUrl}/wp-admin/`);
      expect(creds.adminUser).toBe('admin');
      expect(creds.dbName.length).toBeLessThanOrEqual(64);
      expect(creds.dbUser.length).toBeLessThanOrEqual(32);
      expect(creds.dbName).toMatch(/^[a-z0-9_]+$/);
    });

    it('answers the REST API index with the title and tagline', async () => {
      const res = await fetch(`${site.url}/wp-json/`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as any;
      expect(body.name).toBe('Test Blog');
      expect(body.description).toBe('Fresh words daily');
      expect(body.timezone_string).toBe('Europe/Istanbul');
    });

    it('publishes the first post and page (plain ?rest_route= and pretty permalinks)', async () => {
      const posts = (await (await fetch(`${site.url}/?rest_route=/wp/v2/posts`)).json()) as any[];
      expect(posts.map((p) => p.title.rendered)).toEqual(['Hello from Blogfleet']);
      expect(posts[0].link).toBe(`${site.url}/hello-from-blogfleet/`);
      const pages = (await (await fetch(`${site.url}/wp-json/wp/v2/pages`)).json()) as any[];
      expect(pages.map((p) => p.title.rendered)).toEqual(['About us']);
      const html = await (await fetch(`${site.url}/hello-from-blogfleet/`)).text();
      expect(html).toContain('The very first post.');
    });

    it('authenticates the application password as an administrator', async () => {
      const auth = `Basic ${Buffer.from(`${creds.adminUser}:${creds.appPassword}`).toString('base64')}`;
      const res = await fetch(`${site.url}/wp-json/wp/v2/users/me?context=edit`, {
        headers: { authorization: auth },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as any).roles).toContain('administrator');
      const bad = await fetch(`${site.url}/wp-json/wp/v2/users/me?context=edit`, {
        headers: { authorization: `Basic ${Buffer.from('admin:wrong').toString('base64')}` },
      });
      expect(bad.status).toBe(401);
    });

    it('writes an owner-only info file with the credentials', async () => {
      expect(creds.infoFilePath).toBe(path.join(host.root, domain, 'site-info.json'));
      expect((await stat(creds.infoFilePath)).mode & 0o777).toBe(0o600);
      const info = JSON.parse(await readFile(creds.infoFilePath, 'utf8'));
      expect(info).toMatchObject({ ...creds, status: 'complete', port: site.port });
    });

    it('returns the stored credentials when provisioned again, without a second database', async () => {
      const seen: number[] = [];
      const again = await provision(domain, (percent) => seen.push(percent));
      expect(again).toEqual(creds);
      expect(seen.at(-1)).toBe(100);
      const [rows] = await db.query<mysql.RowDataPacket[]>('SHOW DATABASES LIKE ?', [
        `%${creds.dbName.slice(-8)}%`,
      ]);
      expect(rows).toHaveLength(1);
    });

    it('rejects other input for a hosted domain with ALREADY_HOSTED', async () => {
      const error = await provisionSite(host, siteInput(domain, { title: 'Someone else' })).catch((e) => e);
      expect(error).toBeInstanceOf(WordPressError);
      expect(error.code).toBe('ALREADY_HOSTED');
    });

    it('never serves temp files, dot-files or the info file, and keeps no temp file in public/', async () => {
      const siteDir = path.join(host.root, domain);
      const publicDir = path.join(siteDir, 'public');
      expect((await readdir(publicDir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
      expect((await readdir(siteDir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
      const secret = `leaked-${suffix}`;
      await writeFile(path.join(publicDir, 'wp-config.php.tmp'), `<?php define('DB_PASSWORD', '${secret}');`);
      await writeFile(path.join(publicDir, 'leftover.tmp'), secret);
      await writeFile(path.join(publicDir, '.htaccess-like'), secret);
      await mkdir(path.join(publicDir, '.git'));
      await writeFile(path.join(publicDir, '.git', 'config'), secret);
      await writeFile(path.join(publicDir, 'site-info.json'), secret);
      await writeFile(path.join(publicDir, 'plain.txt'), 'plain static file');
      for (const requestPath of [
        '/wp-config.php.tmp',
        '/leftover.tmp',
        '/Leftover.TMP',
        '/.htaccess-like',
        '/%2ehtaccess-like',
        '/.git/config',
        '/site-info.json',
        '/../site-info.json',
        '/%2e%2e/site-info.json',
        '/wp-content/../../site-info.json',
      ]) {
        const res = await rawGet(site.port, requestPath);
        expect(res.status, requestPath).toBe(404);
        expect(res.body, requestPath).not.toContain(secret);
        expect(res.body, requestPath).not.toContain(creds.dbPassword);
        expect(res.body, requestPath).not.toContain(creds.adminPassword);
      }
      const plain = await rawGet(site.port, '/plain.txt');
      expect(plain).toEqual({ status: 200, body: 'plain static file' });
    });

    it('grants the site user its own database only, not one its name matches as a wildcard', async () => {
      // `_` is a wildcard in GRANT's database name: unescaped, wp_main_… would also grant wpxmain_….
      const lookalike = `wpx${creds.dbName.slice(3)}`;
      await db.query(`CREATE DATABASE \`${lookalike}\``);
      await db.query(`CREATE TABLE \`${lookalike}\`.secrets (v TEXT)`);
      const asSite = await mysql.createConnection({
        host: baseHost.db.host,
        port: baseHost.db.port,
        user: creds.dbUser,
        password: creds.dbPassword,
        connectTimeout: 5_000,
      });
      try {
        const [own] = await asSite.query<mysql.RowDataPacket[]>(
          `SELECT option_value FROM \`${creds.dbName}\`.wp_options WHERE option_name = 'blogname'`,
        );
        expect(own[0]?.option_value).toBe('Test Blog');
        const denied = await asSite.query(`SELECT * FROM \`${lookalike}\`.secrets`).catch((e) => e);
        expect(denied).toBeInstanceOf(Error);
        expect(['ER_DBACCESS_DENIED_ERROR', 'ER_TABLEACCESS_DENIED_ERROR']).toContain(denied.code);
        const [grants] = await asSite.query<mysql.RowDataPacket[]>('SHOW GRANTS');
        const text = grants.map((row) => Object.values(row)[0]).join('\n');
        expect(text).toContain(`\`${creds.dbName.replace(/_/g, '\\_')}\`.*`);
      } finally {
        await asSite.end();
        await db.query(`DROP DATABASE IF EXISTS \`${lookalike}\``);
      }
    });

    it('refuses connections after stop()', async () => {
      await site.stop();
      const refused = await new Promise<boolean>((resolve) => {
        const socket = net.connect({ host: host.bindAddress, port: site.port });
        socket.once('connect', () => {
          socket.destroy();
          resolve(false);
        });
        socket.once('error', () => resolve(true));
      });
      expect(refused).toBe(true);
    });
  });

  it.each(['bad domain', '-x.com', 'a;drop database mysql;.com', `${'x'.repeat(300)}.com`, 'localhost', ''])(
    'rejects the domain %j with INVALID and creates nothing',
    async (domain) => {
      const before = await snapshot(domain);
      const error = await provisionSite(host, siteInput(domain)).catch((e) => e);
      expect(error).toBeInstanceOf(WordPressError);
      expect(error.code).toBe('INVALID');
      expect(await snapshot(domain)).toEqual(before);
    },
  );

  it('rolls back what a failing run created', async () => {
    const domain = domainOf('rollback');
    const names = siteDbNames(domain);
    const error = await provision(domain, undefined, { fault: { step: 'install' } }).catch((e) => e);
    expect(error).toBeInstanceOf(WordPressError);
    expect(error.code).toBe('PROVISION_FAILED');
    expect(await databaseCount(names.dbName)).toBe(0);
    expect(await userCount(names.dbUser)).toBe(0);
    expect(await dirExists(path.join(host.root, domain))).toBe(false);
  });

  it('rolls back a user created before its GRANT failed', async () => {
    const domain = domainOf('grant');
    const names = siteDbNames(domain);
    const error = await provision(domain, undefined, { fault: { step: 'grant' } }).catch((e) => e);
    expect(error).toMatchObject({ code: 'PROVISION_FAILED', message: 'Injected failure before grant' });
    expect(await userCount(names.dbUser)).toBe(0);
    expect(await databaseCount(names.dbName)).toBe(0);
    expect(await dirExists(path.join(host.root, domain))).toBe(false);
    expect(await dirExists(path.join(host.root, '.blogfleet', 'ledger', `${domain}.json`))).toBe(false);
  });

  it('completes a site after a crash between creating its user and granting it', async () => {
    const domain = domainOf('grantcrash');
    const names = siteDbNames(domain);
    await expect(provision(domain, undefined, { fault: { step: 'grant', mode: 'crash' } })).rejects.toThrow(
      /Simulated crash/,
    );
    expect(await userCount(names.dbUser)).toBeGreaterThan(0);
    const creds = await provision(domain);
    expect(creds.dbUser).toBe(names.dbUser);
    await deprovisionSite(host, domain);
    expect(await userCount(names.dbUser)).toBe(0);
    expect(await databaseCount(names.dbName)).toBe(0);
  }, 120_000);

  it('never takes over a MariaDB user it did not create: refused, password unchanged', async () => {
    const domain = domainOf('takeover-user');
    const names = siteDbNames(domain);
    await db.query("CREATE USER ?@'127.0.0.1' IDENTIFIED BY 'handmade-password'", [names.dbUser]);
    try {
      const error = await provision(domain).catch((e) => e);
      expect(error).toBeInstanceOf(WordPressError);
      expect(error).toMatchObject({ code: 'ALREADY_HOSTED', integration: 'wordpress_host' });
      expect(error.message).toContain(`user ${names.dbUser} already exists`);
      const asOwner = await mysql.createConnection({
        host: '127.0.0.1',
        port: baseHost.db.port,
        user: names.dbUser,
        password: 'handmade-password',
      });
      await asOwner.end();
      const [grants] = await db.query<mysql.RowDataPacket[]>("SHOW GRANTS FOR ?@'127.0.0.1'", [names.dbUser]);
      expect(grants).toHaveLength(1); // USAGE only: nothing was granted
      expect(await databaseCount(names.dbName)).toBe(0);
      expect(await dirExists(path.join(host.root, domain))).toBe(false);
      expect(await dirExists(path.join(host.root, '.blogfleet', 'ledger', `${domain}.json`))).toBe(false);
    } finally {
      await db.query('DROP USER IF EXISTS ?@?', [names.dbUser, '127.0.0.1']);
    }
  });

  it('never adopts a database it did not create: refused, its tables kept, no user made', async () => {
    const domain = domainOf('takeover-db');
    const names = siteDbNames(domain);
    await db.query(`CREATE DATABASE \`${names.dbName}\``);
    await db.query(`CREATE TABLE \`${names.dbName}\`.keep (v TEXT)`);
    try {
      const error = await provision(domain).catch((e) => e);
      expect(error).toMatchObject({ code: 'ALREADY_HOSTED' });
      expect(error.message).toContain(`database ${names.dbName} already exists`);
      const [tables] = await db.query<mysql.RowDataPacket[]>(`SHOW TABLES FROM \`${names.dbName}\``);
      expect(tables.map((row) => Object.values(row)[0])).toEqual(['keep']);
      expect(await userCount(names.dbUser)).toBe(0);
      expect(await dirExists(path.join(host.root, domain))).toBe(false);
    } finally {
      await db.query(`DROP DATABASE IF EXISTS \`${names.dbName}\``);
    }
  });

  it('deprovisions by the names derived from the domain, whatever the info file says', async () => {
    const [victim, tampered] = [domainOf('victim'), domainOf('tampered')];
    await provision(victim);
    await provision(tampered);
    const victimNames = siteDbNames(victim);
    const tamperedNames = siteDbNames(tampered);
    const infoFile = path.join(host.root, tampered, 'site-info.json');
    const info = JSON.parse(await readFile(infoFile, 'utf8'));
    // What a site's PHP could write when it runs as the server's user.
    await writeFile(infoFile, JSON.stringify({ ...info, ...victimNames }));
    await deprovisionSite(host, tampered);
    expect(await databaseCount(victimNames.dbName)).toBe(1);
    expect(await userCount(victimNames.dbUser)).toBeGreaterThan(0);
    expect(await databaseCount(tamperedNames.dbName)).toBe(0);
    expect(await userCount(tamperedNames.dbUser)).toBe(0);
    await deprovisionSite(host, victim);
    expect(await databaseCount(victimNames.dbName)).toBe(0);
  }, 120_000);

  it('completes a site after a crash mid-way, then deprovisions it idempotently', async () => {
    const domain = domainOf('crash');
    const names = siteDbNames(domain);
    await expect(
      provision(domain, undefined, { fault: { step: 'configure', mode: 'crash' } }),
    ).rejects.toThrow(/Simulated crash/);
    expect(await databaseCount(names.dbName)).toBe(1);
    const creds = await provision(domain);
    expect(creds.dbName).toBe(names.dbName);
    const site = await startSite(host, domain);
    running.push(site);
    const posts = (await (await fetch(`${site.url}/?rest_route=/wp/v2/posts`)).json()) as any[];
    expect(posts.map((p) => p.title.rendered)).toEqual(['Hello from Blogfleet']);
    const auth = `Basic ${Buffer.from(`admin:${creds.appPassword}`).toString('base64')}`;
    const me = await fetch(`${site.url}/wp-json/wp/v2/users/me?context=edit`, {
      headers: { authorization: auth },
    });
    expect(me.status).toBe(200);

    await deprovisionSite(host, domain);
    expect(await databaseCount(names.dbName)).toBe(0);
    expect(await userCount(names.dbUser)).toBe(0);
    expect(await dirExists(path.join(host.root, domain))).toBe(false);
    await expect(deprovisionSite(host, domain)).resolves.toBeUndefined();
  }, 120_000);

  it('refuses to deprovision a directory Blogfleet did not make, and removes nothing', async () => {
    const domain = domainOf('foreign');
    const names = siteDbNames(domain);
    const dir = path.join(host.root, domain);
    const keep = path.join(dir, 'keep.txt');
    await mkdir(dir);
    await writeFile(keep, 'not ours');
    await db.query(`CREATE DATABASE \`${names.dbName}\``);
    try {
      const infoFiles = [
        null, // no info file at all
        '{ not json', // unreadable
        JSON.stringify({
          version: 1,
          domain: 'other.example.com',
          dbName: names.dbName,
          dbUser: names.dbUser,
        }),
      ];
      for (const info of infoFiles) {
        if (info !== null) await writeFile(path.join(dir, 'site-info.json'), info);
        const error = await deprovisionSite(host, domain).catch((e) => e);
        expect(error).toBeInstanceOf(WordPressError);
        expect(error.code).toBe('INVALID');
        expect(error.message).toMatch(/not a Blogfleet site/);
        expect(await readFile(keep, 'utf8')).toBe('not ours');
        expect(await databaseCount(names.dbName)).toBe(1);
      }
    } finally {
      await db.query(`DROP DATABASE IF EXISTS \`${names.dbName}\``);
      await rm(dir, { recursive: true, force: true });
    }
    // No site at all: quiet.
    await expect(deprovisionSite(host, domainOf('never'))).resolves.toBeUndefined();
  });

  it('gives sites provisioned concurrently different ports; both start and deprovision', async () => {
    const domains = [domainOf('para-a'), domainOf('para-b')];
    const creds = await Promise.all(domains.map((domain) => provision(domain)));
    const ports = creds.map((c) => Number(new URL(c.siteUrl).port));
    expect(new Set(ports).size).toBe(2);
    for (const [i, domain] of domains.entries()) {
      const site = await startSite(host, domain);
      running.push(site);
      expect(site.port).toBe(ports[i]);
      const res = await fetch(`${site.url}/wp-json/`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as any).name).toBe('Test Blog');
    }
    for (const domain of domains) {
      await deprovisionSite(host, domain);
      expect(await dirExists(path.join(host.root, domain))).toBe(false);
      expect(await databaseCount(siteDbNames(domain).dbName)).toBe(0);
      // A second deprovision of the removed site is quiet.
      await expect(deprovisionSite(host, domain)).resolves.toBeUndefined();
    }
  }, 120_000);
});
