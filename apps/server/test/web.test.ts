import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@blogfleet/server/testing';

const INDEX =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/app-abc123.js"></script></body></html>';

const BIG_JS = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `row ${i}` })))};`;

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'blogfleet-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log("app")');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // As the build leaves them: each asset with its .br and .gz beside it.
  writeFileSync(join(dist, 'assets', 'big-abc123.js'), BIG_JS);
  writeFileSync(join(dist, 'assets', 'big-abc123.js.br'), brotliCompressSync(BIG_JS));
  writeFileSync(join(dist, 'assets', 'big-abc123.js.gz'), gzipSync(BIG_JS));
  // The console's own robots.txt, as the build copies it from apps/web/public.
  copyFileSync(new URL('../../web/public/robots.txt', import.meta.url), join(dist, 'robots.txt'));
  t = await startTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built web console', () => {
  it.each(['/', '/login', '/users', '/sites/12', '/content-pool/ideas?status=approved'])(
    'answers the page %s with index.html, so deep links survive a reload',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    },
  );

  it('serves hashed assets with a long immutable cache and other files as they are', async () => {
    const asset = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers['cache-control']).toContain('immutable');
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('never answers an API path with the page', async () => {
    for (const url of ['/api/v1/nope', '/api/other', '/readyz/x']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code, url).toBe('NOT_FOUND');
    }
    // tRPC answers in its own protocol, with our catalogue code in the error data.
    const trpc = await t.app.inject({ url: '/trpc/nope.nope' });
    expect(trpc.statusCode).toBe(404);
    expect(trpc.json().error.data.appCode).toBe('NOT_FOUND');
  });

  it('does not answer writes to page paths with the page', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/users', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
  });

  describe('compression', () => {
    const asset = (encoding?: string) =>
      t.app.inject({
        url: '/assets/big-abc123.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });

    it('sends the pre-compressed brotli file to a browser that takes brotli', async () => {
      const res = await asset('gzip, deflate, br, zstd');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.rawPayload.length).toBeLessThan(BIG_JS.length / 3);
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(BIG_JS);
    });

    it('sends gzip to a client that only takes gzip, and the file as it is to one that takes neither', async () => {
      const gz = await asset('gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);
      const plain = await asset();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(BIG_JS);
      expect(plain.headers['cache-control']).toContain('immutable');
    });

    it('compresses JSON answers of the API', async () => {
      const res = await t.app.inject({ url: '/api/v1/openapi.json', headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      const doc = JSON.parse(brotliDecompressSync(res.rawPayload).toString());
      expect(doc.openapi).toMatch(/^3\./);
      const plain = await t.app.inject({ url: '/api/v1/openapi.json' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.json().openapi).toBe(doc.openapi);
    });

    it('compresses error envelopes and small answers not at all, but still answers them', async () => {
      const res = await t.app.inject({ url: '/api/v1/nope', headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json().error.code).toBe('NOT_FOUND');
    });
  });

  it('serves robots.txt as a real file that keeps crawlers out of the console', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Disallow: /');
  });

  it('puts the document headers on pages and only the ones that apply to files on assets', async () => {
    const page = await t.app.inject({ url: '/login' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const asset = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['strict-transport-security']).toContain('max-age=');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
  });
});
