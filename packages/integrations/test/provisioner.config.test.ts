/**
 * What the provisioner decides without a WordPress host: the generated wp-config.php, which hosting is
 * loopback, the PHP processes' environment, and the errors of the hosting side.
 */
import { describe, expect, it } from 'vitest';
import { IntegrationError } from '@blogfleet/integrations/errors';
import {
  WordPressError,
  isLoopbackHosting,
  normalizeDomain,
  type WordPressHost,
} from '@blogfleet/integrations/wordpress';
import { grantDatabasePattern } from '../src/wordpress/provisioner/database';
import { wpConfigPhp } from '../src/wordpress/provisioner/php-scripts';
import { phpEnvironment, phpSpawnOptions, type SiteUser } from '../src/wordpress/provisioner/site-user';

const host = (bindAddress: string): WordPressHost => ({
  root: '/srv/sites',
  core: '/usr/share/wordpress',
  db: { host: '127.0.0.1', port: 3306, user: 'root', password: '' },
  php: 'php',
  bindAddress,
  firstPort: 8100,
});

const config = (localEnvironment: boolean) =>
  wpConfigPhp({
    dbName: 'wp_a',
    dbUser: 'wp_a',
    dbPassword: "pa'ss",
    dbHost: '127.0.0.1:3306',
    siteUrl: 'http://127.0.0.1:8100',
    salts: { AUTH_KEY: 'k' },
    localEnvironment,
  });

describe('wp-config.php', () => {
  it("sets WP_ENVIRONMENT_TYPE 'local' only for loopback hosting", () => {
    expect(config(true)).toContain("define('WP_ENVIRONMENT_TYPE', 'local');");
    expect(config(false)).not.toContain('WP_ENVIRONMENT_TYPE');
  });

  it('forbids plugin and theme installs and edits from wp-admin', () => {
    for (const local of [true, false]) {
      expect(config(local)).toContain("define('DISALLOW_FILE_MODS', true);");
      expect(config(local)).toContain("define('DISALLOW_FILE_EDIT', true);");
    }
  });

  it('knows loopback hosting: loopback bind address and a loopback http URL, both', () => {
    const cases: [string, string, boolean][] = [
      ['127.0.0.1', 'http://127.0.0.1:8100', true],
      ['::1', 'http://[::1]:8100', true],
      ['localhost', 'http://localhost:8100', true],
      ['127.0.0.1', 'http://127.0.0.2:8100', true],
      ['127.0.0.1', 'https://127.0.0.1:8100', false], // HTTPS needs no local environment
      ['127.0.0.1', 'https://blog.example.com', false], // behind nginx with TLS
      ['127.0.0.1', 'http://blog.example.com', false],
      ['0.0.0.0', 'http://127.0.0.1:8100', false], // reachable from outside
      ['192.168.1.5', 'http://192.168.1.5:8100', false],
      ['127.0.0.1', 'not a url', false],
    ];
    for (const [bind, url, loopback] of cases) {
      expect({ bind, url, loopback: isLoopbackHosting(host(bind), url) }).toEqual({ bind, url, loopback });
    }
  });
});

describe('PHP processes', () => {
  const sites: SiteUser = {
    name: 'blogfleet-sites',
    uid: 999,
    gid: 995,
    home: '/nonexistent',
    separate: true,
  };

  it('get PATH, locale, TZ, HOME and TMPDIR only, never the server secrets', () => {
    const saved = { ...process.env };
    Object.assign(process.env, {
      JWT_SECRET: 'jwt-secret-value',
      ENCRYPTION_KEY: 'encryption-key-value',
      DATABASE_URL: 'postgres://u:p@db/x',
      WP_DB_PASSWORD: 'mariadb-root-password',
      LC_ALL: 'C.UTF-8',
      TZ: 'Europe/Istanbul',
    });
    try {
      const env = phpEnvironment(sites);
      expect(Object.keys(env).sort()).toEqual(['HOME', 'LANG', 'LC_ALL', 'PATH', 'TMPDIR', 'TZ']);
      expect(env).toMatchObject({ HOME: '/nonexistent', TMPDIR: '/tmp', TZ: 'Europe/Istanbul' });
      expect(JSON.stringify(env)).not.toMatch(/secret|encryption|postgres|mariadb/);
      expect(phpSpawnOptions(sites)).toMatchObject({ uid: 999, gid: 995 });
      expect(phpSpawnOptions({ ...sites, separate: false })).not.toHaveProperty('uid');
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }
  });
});

describe('hosting-side errors and identifiers', () => {
  it('are WordPressErrors of the wordpress_host integration', () => {
    const error = (() => {
      try {
        normalizeDomain('not a domain');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(WordPressError);
    expect(error).toBeInstanceOf(IntegrationError);
    expect(error).toMatchObject({ code: 'INVALID', kind: 'invalid', integration: 'wordpress_host' });
  });

  it("escapes GRANT's wildcards and refuses anything but [a-z0-9_]", () => {
    expect(grantDatabasePattern('wp_a_b_1f2e')).toBe('wp\\_a\\_b\\_1f2e');
    for (const bad of ['wp%', 'wp`x', 'WP', 'a'.repeat(65)]) {
      expect(() => grantDatabasePattern(bad)).toThrow(/Unsafe database identifier/);
    }
  });
});
