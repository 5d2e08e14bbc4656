import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@blogfleet/server/testing';

const INDEX =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/app-abc123.js"></script></body></html>';

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'blogfleet-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log("app")');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
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
});
