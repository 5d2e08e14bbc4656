/**
 * Screenshots and page metrics through the system Chromium, against a small page served on loopback.
 * Skipped with a warning without Chromium, unless BLOGFLEET_TEST_ALL is set.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  capturePage,
  chromiumPath,
  closeBrowser,
  measurePage,
  PageLoadError,
} from '@blogfleet/integrations/chromium';

const missing = existsSync(chromiumPath()) ? null : `no Chromium at ${chromiumPath()}`;
if (missing) {
  if (process.env.BLOGFLEET_TEST_ALL) throw new Error(`Chromium tests required but: ${missing}`);
  console.warn(`Skipping chromium.test.ts: ${missing}`);
}

/**
 * A real image (an uncompressed 100×200 BMP, 60 kB of pixels): Chromium stops reading an <img> it cannot
 * decode, so bytes that are not an image would be counted only as far as they were read.
 */
function bitmap(width: number, height: number): Buffer {
  const pixels = width * 3 * height; // rows of 300 bytes need no padding to 4
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + pixels, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(pixels, 34);
  return Buffer.concat([header, Buffer.alloc(pixels, 0x7f)]);
}
const IMAGE = bitmap(100, 200);
const PAGE = `<!doctype html><html><head><title>Tall page</title><link rel="stylesheet" href="/site.css"></head>
<body><h1>Hello from a site</h1><img src="/photo.bmp" width="10" height="10"><div style="height:3000px"></div></body></html>`;
const CSS = 'body { font-family: sans-serif; background: #fafafa } h1 { color: #334 }';
const FIRST_BYTE_DELAY_MS = 150;

let server: Server;
let base: string;
const served: Record<string, number> = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    const send = (status: number, type: string, body: string | Buffer) => {
      served[req.url!] = Buffer.byteLength(body);
      res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      res.end(body);
    };
    if (req.url === '/') return void setTimeout(() => send(200, 'text/html', PAGE), FIRST_BYTE_DELAY_MS);
    if (req.url === '/site.css') return send(200, 'text/css', CSS);
    if (req.url === '/photo.bmp') return send(200, 'image/bmp', IMAGE);
    if (req.url === '/broken')
      return send(500, 'text/html', '<h1>Error establishing a database connection</h1>');
    send(404, 'text/plain', 'not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await closeBrowser();
  await new Promise((r) => server?.close(r));
});

describe.skipIf(missing !== null)('pages through the system Chromium', { timeout: 60_000 }, () => {
  it('takes the full page (capped) and a thumbnail of the first screen', async () => {
    const shot = await capturePage(`${base}/`);
    expect(shot.full.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    // PNG IHDR: width and height of the image.
    expect(shot.full.readUInt32BE(16)).toBe(1366);
    expect(shot.full.readUInt32BE(20)).toBe(shot.height);
    expect(shot.height).toBeGreaterThan(3000);
    expect(shot.thumbnail.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(shot.thumbnail.length).toBeLessThan(shot.full.length);
  });

  it('measures first byte, first paint, load and the weight as transferred', async () => {
    const m = await measurePage(`${base}/`);
    expect(m.ttfbMs).toBeGreaterThanOrEqual(FIRST_BYTE_DELAY_MS - 5);
    expect(m.fcpMs).not.toBeNull();
    expect(m.fcpMs!).toBeGreaterThanOrEqual(m.ttfbMs);
    expect(m.loadMs).toBeGreaterThanOrEqual(m.ttfbMs);
    const bodies = served['/']! + served['/site.css']! + served['/photo.bmp']!;
    expect(m.pageWeightBytes).toBeGreaterThanOrEqual(bodies);
    expect(m.pageWeightBytes).toBeLessThan(bodies + 10_000);
    expect(m.requestCount).toBeGreaterThanOrEqual(3);
  });

  it('says why a page could not be taken', async () => {
    await expect(capturePage(`${base}/broken`)).rejects.toThrow(`${base}/broken answered HTTP 500`);
    const down = createServer();
    await new Promise<void>((r) => down.listen(0, '127.0.0.1', r));
    const port = (down.address() as AddressInfo).port;
    await new Promise((r) => down.close(r));
    const error = await measurePage(`http://127.0.0.1:${port}/`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PageLoadError);
    expect((error as Error).message).toBe(
      `http://127.0.0.1:${port}/ did not answer (the site is down or unreachable)`,
    );
  });
});
