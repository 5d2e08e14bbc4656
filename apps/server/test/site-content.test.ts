/**
 * Media upload to a site's WordPress and "Create with AI" drafts, through REST, against the WordPress
 * protocol test server and the chat-completions test server.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import {
  startChatCompletionsTestServer,
  type ChatCompletionsTestServer,
} from '@blogfleet/integrations/ai/testing';
import {
  startWordPressTestServer,
  type WordPressTestServer,
} from '@blogfleet/integrations/wordpress/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LARGE_BODIES_AT_ONCE,
  startTestApp,
  type RestOptions,
  type TestApp,
} from '@blogfleet/server/testing';

let t: TestApp;
let admin: string;
let wp: WordPressTestServer;
let ai: ChatCompletionsTestServer;
let siteId: number;

beforeAll(async () => {
  wp = await startWordPressTestServer();
  ai = await startChatCompletionsTestServer();
  t = await startTestApp();
  admin = (await t.login()).accessToken;
  const res = await api('POST', 'sites', {
    body: {
      site_title: 'Çay Saati',
      domain_name: 'cay-saati.com',
      targeted_language: 'tr',
      wp_api_url: `${wp.url}/wp-json`,
      wp_username: wp.options.username,
      wp_app_password: wp.options.password,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  siteId = res.body.data.site.id;
});
afterAll(async () => {
  await t?.close();
  await wp?.close();
  await ai?.close();
});

/** The app on a real socket (uploads held open need one), started once. */
async function listening(): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

function api(method: string, path: string, opts: RestOptions = {}) {
  return t.rest(method, path, { token: admin, ...opts });
}

/** A small valid PNG (solid colour), built here. */
function png(width = 4, height = 4): Buffer {
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
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x5a)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const mediaRows = () => t.db.selectFrom('wp_media').selectAll().where('site_id', '=', siteId).execute();

describe('media upload', () => {
  it('uploads an image to WordPress first, then keeps the copy', async () => {
    const image = png();
    const res = await api('POST', `sites/${siteId}/media`, {
      body: {
        filename: 'çay bardağı.png',
        content_type: 'image/png',
        data: image.toString('base64'),
        title: 'Tea glass',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.media).toMatchObject({ title: 'Tea glass', mime_type: 'image/png' });
    // The grid shows WordPress's smaller copy, not the full file.
    expect(res.body.data.media.thumbnail_url).toMatch(/-300x200\.png$/);
    expect(wp.state.media).toHaveLength(1);
    expect(wp.state.media[0]).toMatchObject({ title: 'Tea glass', bytes: image.length });
    expect(await mediaRows()).toHaveLength(1);
    const listed = await api('GET', `sites/${siteId}/media`);
    expect(listed.body.data.media.map((m: { title: string }) => m.title)).toEqual(['Tea glass']);
  });

  it('names the file by its type, as WordPress reads the name: no extension, or another type’s, is fixed', async () => {
    const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
    const named = await api('POST', `sites/${siteId}/media`, {
      body: { filename: 'cover.png', content_type: 'image/jpeg', data: jpeg.toString('base64') },
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(named.body.data.media.source_url).toMatch(/\/cover\.jpg$/);
    const bare = await api('POST', `sites/${siteId}/media`, {
      body: { filename: 'scan', content_type: 'image/png', data: png().toString('base64') },
    });
    expect(bare.status, JSON.stringify(bare.body)).toBe(200);
    expect(bare.body.data.media.source_url).toMatch(/\/scan\.png$/);
    const kept = await api('POST', `sites/${siteId}/media`, {
      body: { filename: 'Photo.JPEG', content_type: 'image/jpeg', data: jpeg.toString('base64') },
    });
    expect(kept.body.data.media.source_url).toMatch(/\/Photo\.JPEG$/);
  });

  it('refuses what is not an image of the stated type, too large, or not base64; nothing is stored', async () => {
    const before = wp.state.media.length;
    const cases: [unknown, string][] = [
      [
        { filename: 'x.svg', content_type: 'image/svg+xml', data: 'PHN2Zz4=' },
        'Only JPEG, PNG, GIF and WebP',
      ],
      [
        { filename: 'x.jpg', content_type: 'image/jpeg', data: png().toString('base64') },
        'The file is not a JPEG image',
      ],
      [{ filename: 'x.png', content_type: 'image/png', data: 'not base64!' }, 'The file must be base64'],
      [
        { filename: 'x.png', content_type: 'image/png', data: Buffer.from('hello').toString('base64') },
        'not a PNG',
      ],
      [
        { filename: ' ', content_type: 'image/png', data: png().toString('base64') },
        'A file name is required',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await api('POST', `sites/${siteId}/media`, { body });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(JSON.stringify(res.body.error)).toContain(message);
    }
    // 10 MB and one byte, in a body the upload route accepts (larger than the global limit of 1 MB).
    const big = Buffer.concat([png(), Buffer.alloc(10 * 1024 * 1024 + 1 - png().length)]);
    const tooBig = await api('POST', `sites/${siteId}/media`, {
      body: { filename: 'big.png', content_type: 'image/png', data: big.toString('base64') },
    });
    expect(tooBig.status).toBe(400);
    expect(JSON.stringify(tooBig.body.error)).toContain('larger than 10 MB');
    expect(wp.state.media.length).toBe(before);
    expect(await mediaRows()).toHaveLength(before);
  });

  it('accepts an image of several megabytes through REST; other endpoints keep the 1 MB limit', async () => {
    const large = Buffer.concat([png(), Buffer.alloc(3 * 1024 * 1024)]);
    const res = await api('POST', `sites/${siteId}/media`, {
      body: { filename: 'large.png', content_type: 'image/png', data: large.toString('base64') },
    });
    expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(200);
    const other = await api('POST', `sites/${siteId}/posts`, {
      body: { title: 'Big', content: 'x'.repeat(1_200_000) },
    });
    expect(other.status).toBe(413);
    // Without a token a large upload is refused before its body is read.
    const anonymous = await t.rest('POST', `sites/${siteId}/media`, {
      body: { filename: 'large.png', content_type: 'image/png', data: large.toString('base64') },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('UNAUTHORIZED');
    // A made-up token is checked like a real one before the body is read.
    const forged = await t.rest('POST', `sites/${siteId}/media`, {
      token: 'not-a-real-token',
      body: { filename: 'large.png', content_type: 'image/png', data: large.toString('base64') },
    });
    expect(forged.status).toBe(401);
    expect(forged.body.error.code).toBe('UNAUTHORIZED');
  });

  it('reads a few uploads at once; more are told to retry, and a slot frees when an upload is dropped', async () => {
    const base = await listening();
    const { hostname, port } = new URL(base);
    // Uploads whose bodies are still arriving: each holds a slot until it ends.
    const slow = Array.from({ length: LARGE_BODIES_AT_ONCE }, () => {
      const req = http.request({
        hostname,
        port,
        method: 'POST',
        path: `/api/v1/sites/${siteId}/media`,
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      });
      req.on('error', () => {});
      req.write('{"filename":"slow.png","content_type":"image/png","data":"');
      return req;
    });
    const call = () =>
      fetch(`${base}/api/v1/sites/${siteId}/media`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          filename: 'quick.png',
          content_type: 'image/png',
          data: png().toString('base64'),
        }),
      });
    await expect
      .poll(async () => {
        const res = await call();
        return res.status === 429
          ? { status: 429, retry: res.headers.get('retry-after'), body: await res.json() }
          : res.status;
      })
      .toMatchObject({ status: 429, retry: '2', body: { success: false, error: { code: 'RATE_LIMITED' } } });
    slow[0]!.destroy();
    await expect.poll(async () => (await call()).status).toBe(200);
    for (const req of slow) req.destroy();
  });

  it('frees the slot of an upload whose caller left while WordPress was still answering', async () => {
    const base = await listening();
    const { hostname, port } = new URL(base);
    wp.inject({ method: 'POST', route: '/wp/v2/media', hang: true, times: Infinity });
    const before = wp.count('POST', '/wp/v2/media');
    const body = JSON.stringify({
      filename: 'left.png',
      content_type: 'image/png',
      data: png().toString('base64'),
    });
    const left = Array.from({ length: LARGE_BODIES_AT_ONCE }, () => {
      const req = http.request({
        hostname,
        port,
        method: 'POST',
        path: `/api/v1/sites/${siteId}/media`,
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      });
      req.on('error', () => {});
      req.end(body);
      return req;
    });
    // Every body was read and sent on: WordPress holds them all.
    await expect.poll(() => wp.count('POST', '/wp/v2/media') - before).toBe(LARGE_BODIES_AT_ONCE);
    for (const req of left) req.destroy();
    wp.faults.length = 0;
    await expect
      .poll(
        async () =>
          (
            await fetch(`${base}/api/v1/sites/${siteId}/media`, {
              method: 'POST',
              headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
              body: JSON.stringify({
                filename: 'after.png',
                content_type: 'image/png',
                data: png().toString('base64'),
              }),
            })
          ).status,
      )
      .toBe(200);
  });
});

describe('Create with AI', () => {
  it('drafts a post in the site’s language without a model, and stores nothing', async () => {
    const posts = await t.db.selectFrom('site_posts').select('id').execute();
    const res = await api('POST', `sites/${siteId}/posts/ai`, {
      body: { topic: 'Demlik çay nasıl yapılır' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const draft = res.body.data;
    expect(draft.generator).toBe('offline');
    expect(draft.title.length).toBeGreaterThan(0);
    expect(draft.content).toMatch(/^<p>[\s\S]+<\/p>$/);
    expect((draft.content.match(/<p>/g) ?? []).length).toBeGreaterThanOrEqual(3);
    expect(await t.db.selectFrom('site_posts').select('id').execute()).toHaveLength(posts.length);
    const empty = await api('POST', `sites/${siteId}/posts/ai`, { body: { topic: ' ' } });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body.error)).toContain('Enter a topic or a title');
  });

  it('uses the configured model, in Turkish, and escapes what it writes', async () => {
    const saved = await api('PUT', 'settings/integrations/ai', {
      body: { baseUrl: ai.baseUrl, apiKey: ai.apiKey, model: 'gpt-test' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    ai.enqueue({
      content: JSON.stringify({
        title: 'Demlikte çay',
        excerpt: 'İki katlı demlikle tavşan kanı çay.',
        paragraphs: ['Suyu kaynatın.', 'Çayı <b>demleyin</b> & bekleyin.', 'Afiyet olsun.'],
      }),
    });
    const res = await api('POST', `sites/${siteId}/posts/ai`, {
      body: { topic: 'Demlik çay', keywords: ['demlik', 'çay'] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      title: 'Demlikte çay',
      excerpt: 'İki katlı demlikle tavşan kanı çay.',
      content:
        '<p>Suyu kaynatın.</p>\n<p>Çayı &lt;b&gt;demleyin&lt;/b&gt; &amp; bekleyin.</p>\n<p>Afiyet olsun.</p>',
      generator: 'openai',
    });
    const sent = JSON.stringify(ai.completions().at(-1)!.body.messages);
    expect(sent).toContain('Demlik çay');
    expect(sent).toMatch(/Turkish|tr\b/);
  });
});

describe('WordPress info', () => {
  it('reads theme, language and time zone from the site itself', async () => {
    wp.state.settings.timezone = 'Europe/Istanbul';
    const res = await api('GET', `sites/${siteId}/wordpress-info`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.info).toMatchObject({
      language: 'en_US',
      timezone: 'Europe/Istanbul',
      theme: { stylesheet: 'twentytwentyfour', name: 'Twenty Twenty-Four', version: '1.2' },
    });
    expect(res.body.data.info.themes.map((x: { stylesheet: string }) => x.stylesheet)).toEqual([
      'twentytwentyfour',
      'twentytwentythree',
    ]);
    wp.inject({ route: '/wp/v2/themes', status: 503, times: Infinity });
    const down = await api('GET', `sites/${siteId}/wordpress-info`);
    expect(down.status).toBe(502);
    expect(down.body.error.code).toBe('INTEGRATION_ERROR');
    wp.faults.length = 0;
  });

  it('refuses a theme that is not installed, and switching a site hosted elsewhere, before sending anything', async () => {
    const settings = { site_title: 'Renamed', targeted_language: 'tr', default_timezone: 'UTC' };
    const requestsBefore = wp.count('POST', '/wp/v2/settings');
    const missing = await api('PUT', `sites/${siteId}/settings`, { body: { ...settings, theme: 'nope' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('The theme nope is not installed on cay-saati.com');
    const elsewhere = await api('PUT', `sites/${siteId}/settings`, {
      body: { ...settings, theme: 'twentytwentythree' },
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error.message).toContain("WordPress's API cannot switch themes");
    expect(wp.count('POST', '/wp/v2/settings')).toBe(requestsBefore);
    expect(wp.state.settings.title).not.toBe('Renamed');
    // The active theme is no change: the rest is saved.
    const same = await api('PUT', `sites/${siteId}/settings`, {
      body: { ...settings, theme: 'twentytwentyfour' },
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.data.site.theme).toBe('twentytwentyfour');
    expect(wp.state.settings.title).toBe('Renamed');
  });
});
