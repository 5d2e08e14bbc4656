import { XMLParser } from 'fast-xml-parser';
import { IntegrationError } from '../errors';
import { sha256Hex, signRequest } from './sigv4';

export interface S3Options {
  /** e.g. `https://s3.eu-central-1.amazonaws.com`, an R2 or MinIO address; path-style requests. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Key prefix for everything this store writes (e.g. `blogfleet/`). */
  prefix?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface StoredObject {
  body: Buffer;
  contentType: string;
  etag: string | null;
  lastModified: string | null;
}

const xml = new XMLParser({ ignoreAttributes: true });

/**
 * A small S3 client (PUT, GET, DELETE, ListObjectsV2) signed with SigV4, for any S3-compatible store.
 * Errors are IntegrationErrors of the `files` store with S3's own code and message, never the keys.
 */
export class S3Store {
  readonly #o: Required<Omit<S3Options, 'prefix'>> & { prefix: string };

  constructor(options: S3Options) {
    this.#o = {
      fetch: globalThis.fetch,
      timeoutMs: 30_000,
      ...options,
      endpoint: options.endpoint.replace(/\/+$/, ''),
      prefix: options.prefix ?? '',
    };
  }

  #url(key = '', query?: Record<string, string>) {
    const path = key ? `/${this.#o.prefix}${key}`.split('/').map(encodeURIComponent).join('/') : '';
    const url = new URL(`${this.#o.endpoint}/${encodeURIComponent(this.#o.bucket)}${path}`);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
    return url;
  }

  async #send(method: string, url: URL, body?: Uint8Array, headers: Record<string, string> = {}) {
    const signed = signRequest(this.#o, {
      method,
      url,
      headers,
      payloadHash: sha256Hex(body ?? new Uint8Array()),
    });
    let res: Response;
    try {
      res = await this.#o.fetch(url, {
        method,
        headers: signed,
        body: body as RequestInit['body'],
        signal: AbortSignal.timeout(this.#o.timeoutMs),
      });
    } catch (error) {
      const timeout = (error as Error).name === 'TimeoutError';
      throw new IntegrationError(
        'files',
        timeout ? 'timeout' : 'unreachable',
        timeout
          ? `The file store did not answer in time`
          : `The file store is unreachable: ${(error as Error).message}`,
        { url: `${url.origin}${url.pathname}` },
        { cause: error },
      );
    }
    return res;
  }

  async #fail(res: Response, what: string): Promise<never> {
    const text = await res.text().catch(() => '');
    const parsed = text.startsWith('<')
      ? (xml.parse(text) as { Error?: { Code?: string; Message?: string } })
      : {};
    const code = parsed.Error?.Code ?? `HTTP ${res.status}`;
    const message = parsed.Error?.Message ?? res.statusText;
    const kind = res.status === 403 ? 'unauthorized' : res.status === 404 ? 'not_found' : 'upstream';
    throw new IntegrationError(
      'files',
      kind,
      `The file store refused to ${what}: ${code} ${message}`.trim(),
      {
        status: res.status,
        providerCode: code,
      },
    );
  }

  async put(key: string, data: Uint8Array, contentType: string): Promise<void> {
    const res = await this.#send('PUT', this.#url(key), data, { 'content-type': contentType });
    if (!res.ok) await this.#fail(res, `store ${key}`);
    await res.arrayBuffer();
  }

  /** The object, or null when there is none. */
  async get(key: string): Promise<StoredObject | null> {
    const res = await this.#send('GET', this.#url(key));
    if (res.status === 404) {
      await res.arrayBuffer();
      return null;
    }
    if (!res.ok) await this.#fail(res, `read ${key}`);
    return {
      body: Buffer.from(await res.arrayBuffer()),
      contentType: res.headers.get('content-type') ?? 'application/octet-stream',
      etag: res.headers.get('etag'),
      lastModified: res.headers.get('last-modified'),
    };
  }

  /** Deleting what is not there is no error (S3 answers 204 either way). */
  async delete(key: string): Promise<void> {
    const res = await this.#send('DELETE', this.#url(key));
    if (!res.ok && res.status !== 404) await this.#fail(res, `delete ${key}`);
    await res.arrayBuffer();
  }

  /** Keys under a prefix (without this store's own prefix), every page. */
  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const query: Record<string, string> = { 'list-type': '2', prefix: `${this.#o.prefix}${prefix}` };
      if (token) query['continuation-token'] = token;
      const res = await this.#send('GET', this.#url('', query));
      if (!res.ok) await this.#fail(res, `list ${prefix}`);
      const doc = xml.parse(await res.text()) as {
        ListBucketResult?: { Contents?: { Key: string } | { Key: string }[]; NextContinuationToken?: string };
      };
      const contents = doc.ListBucketResult?.Contents;
      for (const c of Array.isArray(contents) ? contents : contents ? [contents] : []) {
        keys.push(String(c.Key).slice(this.#o.prefix.length));
      }
      token = doc.ListBucketResult?.NextContinuationToken;
    } while (token);
    return keys;
  }
}
