/**
 * The WordPress client against real WordPress sites provisioned on this machine (Debian's wordpress
 * package, PHP CLI, MariaDB). Skipped with a warning when the host cannot run WordPress, unless
 * BLOGFLEET_TEST_ALL is set.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WordPressClient,
  WordPressError,
  deprovisionSite,
  hostFromEnv,
  provisionSite,
  startSite,
  wordpressHostAvailable,
  type ProvisionInput,
  type SiteCredentials,
  type WordPressHost,
} from '@blogfleet/integrations/wordpress';

const root = await mkdtemp(path.join(tmpdir(), 'blogfleet-wp-client-'));
const host: WordPressHost = {
  ...hostFromEnv({ ...process.env, WP_HOST_ROOT: root }),
  root,
  firstPort: 40_000 + Math.floor(Math.random() * 9_000),
};
const unavailable = await wordpressHostAvailable(host);
if (unavailable) {
  await rm(root, { recursive: true, force: true });
  if (process.env.BLOGFLEET_TEST_ALL) throw new Error(`Real WordPress tests required but: ${unavailable}`);
  console.warn(`Skipping client.wordpress.test.ts: ${unavailable}`);
}

/** A valid 1×1 RGBA PNG, built here (signature, IHDR, IDAT, IEND with CRCs). */
function onePixelPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0); // width
  ihdr.writeUInt32BE(1, 4); // height
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 0x2a, 0x7f, 0xd4, 0xff]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const tag = randomBytes(3).toString('hex');
const input = (domain: string, title: string): ProvisionInput => ({
  domain,
  title,
  slogan: `${title} slogan`,
  adminEmail: `admin@${domain}`,
  postTitle: 'Welcome',
  postContent: 'First post',
  pageTitle: 'About',
  pageContent: 'About page',
  language: 'en',
  timezone: 'UTC',
});

interface Site {
  domain: string;
  creds: SiteCredentials;
  url: string;
  stop: () => Promise<void> | void;
  client: WordPressClient;
}

describe.skipIf(unavailable !== null)('WordPress client against real WordPress', () => {
  const sites: Site[] = [];
  const domains = [`client-a-${tag}.example.com`, `client-b-${tag}.example.com`];
  let deprovisioned = false;

  beforeAll(async () => {
    for (const [i, domain] of domains.entries()) {
      const creds = await provisionSite(host, input(domain, `Client Site ${'AB'[i]}`), () => {});
      const started = await startSite(host, domain);
      sites.push({
        domain,
        creds,
        url: started.url,
        stop: () => started.stop(),
        client: new WordPressClient({
          siteUrl: started.url,
          username: creds.adminUser,
          appPassword: creds.appPassword,
          timeoutMs: 30_000,
        }),
      });
    }
  }, 300_000);

  afterAll(async () => {
    for (const site of sites) await site.stop();
    if (!deprovisioned) for (const domain of domains) await deprovisionSite(host, domain).catch(() => {});
    await rm(root, { recursive: true, force: true });
  }, 120_000);

  it('connects to both sites', async () => {
    for (const [i, site] of sites.entries()) {
      const conn = await site.client.testConnection();
      expect(conn.connected).toBe(true);
      expect(conn.user.name.length).toBeGreaterThan(0);
      expect(conn.user.roles).toContain('administrator');
      expect(conn.site.name).toBe(`Client Site ${'AB'[i]}`);
      expect(conn.site.description).toBe(`Client Site ${'AB'[i]} slogan`);
    }
  });

  it('creates categories, tags, media and a post with them, and reads them back', async () => {
    const wp = sites[0]!.client;
    const cats = [
      await wp.createCategory({ name: `Travel ${tag}`, description: 'Trips and tips' }),
      await wp.createCategory({ name: `Food ${tag}`, slug: `food-${tag}` }),
    ];
    const child = await wp.createCategory({ name: `Street food ${tag}`, parent: cats[1]!.id });
    const tags = [
      await wp.createTag({ name: `budget ${tag}` }),
      await wp.createTag({ name: 'Istanbul', slug: `ist-${tag}` }),
    ];
    expect(cats[0]).toMatchObject({
      name: `Travel ${tag}`,
      description: 'Trips and tips',
      count: 0,
      parent: 0,
    });
    expect(cats[1]!.slug).toBe(`food-${tag}`);
    expect(child.parent).toBe(cats[1]!.id);
    expect(tags[1]).toMatchObject({ name: 'Istanbul', slug: `ist-${tag}`, count: 0 });

    const png = onePixelPng();
    const media = await wp.uploadMedia({
      filename: 'pixel.png',
      contentType: 'image/png',
      data: png,
      title: 'Pixel',
    });
    expect(media).toMatchObject({ title: 'Pixel', mime_type: 'image/png' });
    expect(media.source_url).toMatch(/pixel.*\.png$/);
    const served = await fetch(media.source_url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    const post = await wp.createPost({
      title: `Ten cheap eats ${tag}`,
      content: '<!-- wp:paragraph --><p>Simit & çay.</p><!-- /wp:paragraph -->',
      excerpt: 'Cheap eats',
      status: 'publish',
      categories: [cats[0]!.id, child.id],
      tags: tags.map((t) => t.id),
    });
    const withImage = await wp.updatePost(post.id, { featured_media: media.id });
    expect(withImage.featured_media).toBe(media.id);

    const back = await wp.getPost(post.id);
    expect(back).toEqual({
      id: post.id,
      title: `Ten cheap eats ${tag}`,
      content: '<!-- wp:paragraph --><p>Simit & çay.</p><!-- /wp:paragraph -->',
      excerpt: 'Cheap eats',
      status: 'publish',
      date_gmt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
      modified_gmt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
      link: expect.stringContaining(sites[0]!.url),
      categories: expect.arrayContaining([cats[0]!.id, child.id]),
      tags: expect.arrayContaining(tags.map((t) => t.id)),
      featured_media: media.id,
    });
    expect((await wp.listPosts()).find((p) => p.id === post.id)).toEqual(back);
    // What an incremental pull asks: every post's id and modified time, then the changed ones by id.
    const stamps = await wp.listPostStamps();
    expect(stamps).toContainEqual({ id: post.id, modified_gmt: back.modified_gmt });
    expect(await wp.listPosts({ include: [post.id] })).toEqual([back]);

    const allCats = await wp.listCategories();
    expect(allCats.find((c) => c.id === cats[0]!.id)).toMatchObject({ ...cats[0], count: 1 });
    expect(allCats.find((c) => c.id === child.id)).toMatchObject({ count: 1, parent: cats[1]!.id });
    const allTags = await wp.listTags();
    for (const t of tags) expect(allTags.find((x) => x.id === t.id)).toMatchObject({ ...t, count: 1 });
    expect((await wp.listMedia()).find((m) => m.id === media.id)).toEqual(media);
    // What a pull asks of the ones its listing missed: these ids only; one WordPress lacks is left out.
    const none = 999_999;
    expect((await wp.listCategories({ include: [cats[0]!.id, none] })).map((c) => c.id)).toEqual([
      cats[0]!.id,
    ]);
    expect((await wp.listTags({ include: [tags[1]!.id, none] })).map((t) => t.id)).toEqual([tags[1]!.id]);
    expect(await wp.listMedia({ include: [media.id, none] })).toEqual([media]);
  });

  it('schedules a post and lists posts by status', async () => {
    const wp = sites[0]!.client;
    const draft = await wp.createPost({ title: `Later ${tag}`, content: 'Soon', status: 'draft' });
    expect(draft.status).toBe('draft');
    const when = new Date(Date.UTC(2030, 0, 1, 10, 0, 0));
    const scheduled = await wp.schedulePost(draft.id, when);
    expect(scheduled).toMatchObject({ status: 'future', date_gmt: '2030-01-01T10:00:00' });
    expect(await wp.getPost(draft.id)).toMatchObject({ status: 'future', date_gmt: '2030-01-01T10:00:00' });
    expect((await wp.listPosts({ status: ['future'] })).map((p) => p.id)).toEqual([draft.id]);
    const invalid = await wp.updatePost(draft.id, { status: 'bogus' as 'draft' }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(WordPressError);
    expect(invalid).toMatchObject({
      code: 'INVALID',
      details: { status: 400, wpCode: 'rest_invalid_param' },
    });
    expect((await wp.deletePost(draft.id)).status).toBe('trash');
    expect((await wp.deletePost(draft.id, { force: true })).id).toBe(draft.id);
    expect((await wp.listPosts()).some((p) => p.id === draft.id)).toBe(false);
    // What a listing meets when a deletion took its next page away; the client ends the listing there.
    for (const route of ['/wp/v2/posts', '/wp/v2/media']) {
      const past = await wp.request('GET', route, { query: { page: 999 } }).catch((e: unknown) => e);
      expect(past).toMatchObject({
        details: { status: 400, wpCode: expect.stringMatching(/_invalid_page_number$/) },
      });
    }
  });

  it('updates settings and reads them back', async () => {
    const wp = sites[0]!.client;
    const before = await wp.getSettings();
    expect(before).toMatchObject({
      title: 'Client Site A',
      description: 'Client Site A slogan',
      timezone: 'UTC',
      language: 'en_US',
      url: sites[0]!.url,
    });
    const after = await wp.updateSettings({
      title: 'Renamed',
      description: 'New slogan',
      timezone: 'Europe/Istanbul',
    });
    expect(after).toMatchObject({ title: 'Renamed', description: 'New slogan', timezone: 'Europe/Istanbul' });
    expect(await wp.getSettings()).toMatchObject({
      title: 'Renamed',
      description: 'New slogan',
      timezone: 'Europe/Istanbul',
    });
    expect((await wp.testConnection()).site.name).toBe('Renamed');
  });

  it('a wrong application password is UNAUTHORIZED, without the password in the error', async () => {
    const wrong = 'AAAA BBBB CCCC DDDD EEEE FFFF';
    const client = new WordPressClient({
      siteUrl: sites[0]!.url,
      username: sites[0]!.creds.adminUser,
      appPassword: wrong,
    });
    const err = await client.testConnection().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WordPressError);
    expect((err as WordPressError).code).toBe('UNAUTHORIZED');
    expect((err as WordPressError).details.status).toBe(401);
    expect(`${(err as Error).message} ${JSON.stringify((err as WordPressError).details)}`).not.toContain(
      'AAAA',
    );
  });

  /** Every call with `client`: each must be UNAUTHORIZED, and the site must not change. */
  async function expectEveryCallUnauthorized(client: WordPressClient, secret: string) {
    const good = sites[0]!.client;
    const post = await good.createPost({ title: `Guarded ${tag}`, content: 'Keep me', status: 'draft' });
    const published = await good.createPost({ title: `Public ${tag}`, content: 'Seen', status: 'publish' });
    const settings = await good.getSettings();
    const png = { filename: 'x.png', contentType: 'image/png', data: onePixelPng() };
    const calls: [string, () => Promise<unknown>][] = [
      ['testConnection', () => client.testConnection()],
      ['listPosts', () => client.listPosts()],
      ['listPosts(publish)', () => client.listPosts({ status: ['publish'] })],
      ['getPost(draft)', () => client.getPost(post.id)],
      ['getPost(published)', () => client.getPost(published.id)],
      ['createPost', () => client.createPost({ title: `Intruder ${tag}`, content: 'x', status: 'publish' })],
      ['updatePost', () => client.updatePost(published.id, { title: 'Changed' })],
      ['schedulePost', () => client.schedulePost(post.id, new Date(Date.UTC(2031, 0, 1)))],
      ['deletePost', () => client.deletePost(published.id)],
      ['listCategories', () => client.listCategories()],
      ['createCategory', () => client.createCategory({ name: `Intruder ${tag}` })],
      ['listTags', () => client.listTags()],
      ['createTag', () => client.createTag({ name: `intruder-${tag}` })],
      ['listMedia', () => client.listMedia()],
      ['uploadMedia', () => client.uploadMedia(png)],
      ['getSettings', () => client.getSettings()],
      ['updateSettings', () => client.updateSettings({ title: 'Taken over' })],
    ];
    for (const [name, call] of calls) {
      const error = await call().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, name).toBeInstanceOf(WordPressError);
      const e = error as WordPressError;
      expect({ name, code: e.code, kind: e.kind }).toEqual({
        name,
        code: 'UNAUTHORIZED',
        kind: 'unauthorized',
      });
      expect(e.message, name).toMatch(/^WordPress refused the application password for user "admin"/);
      expect(`${e.message} ${JSON.stringify(e.details)}`, name).not.toContain(secret.slice(0, 8));
    }
    expect(await good.getPost(post.id)).toMatchObject({ title: `Guarded ${tag}`, status: 'draft' });
    expect(await good.getPost(published.id)).toMatchObject({ title: `Public ${tag}`, status: 'publish' });
    expect((await good.listPosts()).some((p) => p.title === `Intruder ${tag}`)).toBe(false);
    expect((await good.listCategories()).some((c) => c.name === `Intruder ${tag}`)).toBe(false);
    expect(await good.getSettings()).toEqual(settings);
    await good.deletePost(post.id, { force: true });
    await good.deletePost(published.id, { force: true });
  }

  it('a wrong application password is UNAUTHORIZED on every call', async () => {
    const wrong = 'AAAA BBBB CCCC DDDD EEEE FFFF';
    const client = new WordPressClient({
      siteUrl: sites[0]!.url,
      username: sites[0]!.creds.adminUser,
      appPassword: wrong,
      retries: 0,
    });
    await expectEveryCallUnauthorized(client, wrong);
  });

  it('a revoked application password is UNAUTHORIZED on every call of a client that worked', async () => {
    const site = sites[0]!;
    const auth = `Basic ${Buffer.from(`${site.creds.adminUser}:${site.creds.appPassword}`).toString('base64')}`;
    const api = `${site.url}/?rest_route=/wp/v2/users/me/application-passwords`;
    const made = await fetch(api, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `revoke-me-${tag}` }),
    });
    expect(made.status).toBe(201);
    const { uuid, password } = (await made.json()) as { uuid: string; password: string };
    const client = new WordPressClient({
      siteUrl: site.url,
      username: site.creds.adminUser,
      appPassword: password,
      retries: 0,
    });
    expect((await client.testConnection()).user.roles).toContain('administrator');
    expect((await client.listCategories()).length).toBeGreaterThan(0);

    const revoked = await fetch(`${api}/${uuid}`, { method: 'DELETE', headers: { authorization: auth } });
    expect(revoked.status).toBe(200);
    await expectEveryCallUnauthorized(client, password);
  });

  it('a bad domain is INVALID', async () => {
    const err = await provisionSite(host, input('not a domain!', 'Bad'), () => {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WordPressError);
    expect((err as WordPressError).code).toBe('INVALID');
  });

  it('a stopped site is UNREACHABLE', async () => {
    const b = sites[1]!;
    await b.stop();
    const client = new WordPressClient({
      siteUrl: b.url,
      username: b.creds.adminUser,
      appPassword: b.creds.appPassword,
      retries: 1,
      retryBaseMs: 50,
    });
    const err = await client.testConnection().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WordPressError);
    expect((err as WordPressError).code).toBe('UNREACHABLE');
  });

  it('deprovisions both sites: databases, users and directories are gone', async () => {
    for (const site of sites) await site.stop();
    for (const site of sites) {
      expect(existsSync(path.join(host.root, site.domain))).toBe(true);
      await deprovisionSite(host, site.domain);
    }
    deprovisioned = true;
    const db = await mysql.createConnection({ ...host.db, connectTimeout: 5_000 });
    try {
      for (const { domain, creds } of sites) {
        const [dbs] = await db.query<mysql.RowDataPacket[]>(
          'SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?',
          [creds.dbName],
        );
        const [users] = await db.query<mysql.RowDataPacket[]>('SELECT User FROM mysql.user WHERE User = ?', [
          creds.dbUser,
        ]);
        expect(dbs).toEqual([]);
        expect(users).toEqual([]);
        expect(existsSync(path.join(host.root, domain))).toBe(false);
        expect(existsSync(creds.infoFilePath)).toBe(false);
      }
    } finally {
      await db.end();
    }
  });
});
