/**
 * A local S3-compatible server (path-style PUT, GET, DELETE, ListObjectsV2) that checks every request's
 * SigV4 signature and payload hash like S3 does, for tests only; objects live in memory. Loopback only.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sha256Hex, signRequest } from '../sigv4';

export interface S3TestServer {
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType: string; modified: Date }>;
  requests: { method: string; path: string; status: number }[];
  close(): Promise<void>;
}

const xmlError = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function startS3TestServer(
  opts: Partial<Pick<S3TestServer, 'bucket' | 'region' | 'accessKeyId' | 'secretAccessKey'>> = {},
): Promise<S3TestServer> {
  const bucket = opts.bucket ?? 'blogfleet-test';
  const region = opts.region ?? 'eu-central-1';
  const accessKeyId = opts.accessKeyId ?? 'AKIATESTBLOGFLEET0001';
  const secretAccessKey = opts.secretAccessKey ?? 'test-secret-key-for-the-s3-test-server-0001';
  const objects: S3TestServer['objects'] = new Map();
  const requests: S3TestServer['requests'] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
      const send = (status: number, payload: string | Buffer, headers: Record<string, string> = {}) => {
        requests.push({ method: req.method ?? '', path: url.pathname, status });
        res.writeHead(status, { 'content-type': 'application/xml', ...headers });
        res.end(payload);
      };
      // The signature, recomputed from what arrived: method, path, query, signed headers, body hash.
      const auth = String(req.headers.authorization ?? '');
      const m =
        /Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})/.exec(
          auth,
        );
      const amzDate = String(req.headers['x-amz-date'] ?? '');
      const hash = String(req.headers['x-amz-content-sha256'] ?? '');
      if (!m || m[1] !== accessKeyId)
        return send(
          403,
          xmlError('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.'),
        );
      if (hash !== sha256Hex(body))
        return send(
          400,
          xmlError(
            'XAmzContentSHA256Mismatch',
            'The provided x-amz-content-sha256 header does not match what was computed.',
          ),
        );
      const signed = m[4]!.split(';');
      const headers = Object.fromEntries(
        signed
          .filter((h) => !['host', 'x-amz-date', 'x-amz-content-sha256'].includes(h))
          .map((h) => [h, String(req.headers[h] ?? '')]),
      );
      const when = new Date(
        `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
      );
      const expected = signRequest(
        { region: m[3]!, accessKeyId, secretAccessKey },
        { method: req.method ?? 'GET', url, headers, payloadHash: hash },
        when,
      ).authorization;
      if (m[3] !== region || expected !== auth)
        return send(
          403,
          xmlError(
            'SignatureDoesNotMatch',
            'The request signature we calculated does not match the signature you provided.',
          ),
        );

      const [, bucketName, ...rest] = url.pathname.split('/');
      if (decodeURIComponent(bucketName ?? '') !== bucket)
        return send(404, xmlError('NoSuchBucket', 'The specified bucket does not exist'));
      const key = rest.map(decodeURIComponent).join('/');
      if (!key && req.method === 'GET' && url.searchParams.get('list-type') === '2') {
        const prefix = url.searchParams.get('prefix') ?? '';
        const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
        const start = Number(url.searchParams.get('continuation-token') ?? 0);
        const page = keys.slice(start, start + 2);
        const next =
          start + 2 < keys.length ? `<NextContinuationToken>${start + 2}</NextContinuationToken>` : '';
        return send(
          200,
          `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${esc(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>${page.map((k) => `<Contents><Key>${esc(k)}</Key></Contents>`).join('')}${next}</ListBucketResult>`,
        );
      }
      if (req.method === 'PUT') {
        objects.set(key, {
          body,
          contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
          modified: new Date(),
        });
        return send(200, '', { etag: `"${sha256Hex(body).slice(0, 32)}"` });
      }
      if (req.method === 'GET') {
        const o = objects.get(key);
        if (!o) return send(404, xmlError('NoSuchKey', 'The specified key does not exist.'));
        return send(200, o.body, {
          'content-type': o.contentType,
          etag: `"${sha256Hex(o.body).slice(0, 32)}"`,
          'last-modified': o.modified.toUTCString(),
        });
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        return send(204, '');
      }
      send(405, xmlError('MethodNotAllowed', 'The specified method is not allowed against this resource.'));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
