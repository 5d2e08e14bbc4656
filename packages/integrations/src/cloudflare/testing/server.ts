/**
 * A local server speaking the part of Cloudflare's v4 API that Blogfleet's client uses (token
 * verification, zones, DNS records, the SSL setting), with Cloudflare's envelope, list paging and error
 * bodies. Loopback only; for tests.
 */
import { startBareTestServer, type RecordedHttpRequest, type TestReply } from '../../test-server';
import type { CloudflareErrorEntry } from '../types';

export interface CloudflareTestToken {
  id?: string;
  status?: 'active' | 'disabled' | 'expired';
  /** A user token verifies at /user/tokens/verify; an account token only at its account's endpoint. */
  owner?: 'user' | 'account';
  /** For account tokens (default: the server's accountId). */
  accountId?: string;
  expiresOn?: string;
}

export interface CloudflareTestServerOptions {
  /** Known tokens (default: `cf-test-token-0000`, an active user token). */
  tokens?: Record<string, CloudflareTestToken>;
  /** Default account id of account tokens. */
  accountId?: string;
}

export interface CloudflareTestZone {
  id: string;
  name: string;
  status: 'pending' | 'active';
  name_servers: string[];
  account: { id: string };
  ssl: 'off' | 'flexible' | 'full' | 'strict';
  records: {
    id: string;
    type: string;
    name: string;
    content: string;
    ttl: number;
    proxied: boolean;
    priority?: number;
  }[];
}

export interface CloudflareTestServer {
  /** Zones by id, with their records and SSL mode. */
  zones: Map<string, CloudflareTestZone>;
  /** Marks a zone active, as Cloudflare does once the registrar points at its name servers. */
  activate(zoneId: string): void;
  url: string;
  /** `url` + `/client/v4`: the client's base URL. */
  baseUrl: string;
  accountId: string;
  requests: RecordedHttpRequest[];
  addToken(token: string, info?: CloudflareTestToken): void;
  /** The next request is answered with this status and Cloudflare error entries. */
  failNext(status: number, errors: CloudflareErrorEntry[]): void;
  hangNext(): void;
  close(): Promise<void>;
}

const envelope = (result: unknown, messages: unknown[] = []) => ({
  success: true,
  errors: [],
  messages,
  result,
});

export const cloudflareFailure = (status: number, errors: CloudflareErrorEntry[]): TestReply => ({
  status,
  body: { success: false, errors, messages: [], result: null },
});

const INVALID_TOKEN = () => cloudflareFailure(401, [{ code: 1000, message: 'Invalid API Token' }]);

export async function startCloudflareTestServer(
  options: CloudflareTestServerOptions = {},
): Promise<CloudflareTestServer> {
  const accountId = options.accountId ?? '0123456789abcdef0123456789abcdef';
  const tokens = new Map<string, CloudflareTestToken>(
    Object.entries(options.tokens ?? { 'cf-test-token-0000': { owner: 'user' } }),
  );
  const failures: TestReply[] = [];
  let nextId = 1;
  const idOf = (info: CloudflareTestToken) => (info.id ??= `token${String(nextId++).padStart(4, '0')}`);

  const verified = (info: CloudflareTestToken): TestReply => ({
    status: 200,
    body: envelope(
      {
        id: idOf(info),
        status: info.status ?? 'active',
        ...(info.expiresOn ? { expires_on: info.expiresOn } : {}),
      },
      [{ code: 10000, message: 'This API Token is valid and active', type: null }],
    ),
  });

  const zones = new Map<string, CloudflareTestZone>();
  let serial = 1;
  const hex = () => (serial++).toString(16).padStart(32, '0');
  /** One page of a list, as `?page=&per_page=` ask (Cloudflare's defaults: page 1, 20 per page). */
  const list = (all: unknown[], query: URLSearchParams) => {
    const page = Math.max(1, Number(query.get('page')) || 1);
    const perPage = Math.min(100, Math.max(1, Number(query.get('per_page')) || 20));
    const result = all.slice((page - 1) * perPage, page * perPage);
    return {
      status: 200,
      body: {
        ...envelope(result),
        result_info: {
          page,
          per_page: perPage,
          count: result.length,
          total_count: all.length,
          total_pages: Math.max(1, Math.ceil(all.length / perPage)),
        },
      },
    };
  };
  const zoneView = (z: CloudflareTestZone) => ({
    id: z.id,
    name: z.name,
    status: z.status,
    name_servers: z.name_servers,
    account: z.account,
    type: 'full',
  });
  const notFound = (path: string) =>
    cloudflareFailure(404, [
      { code: 7003, message: `Could not route to ${path}, perhaps your object identifier is invalid?` },
    ]);

  function zonesApi(req: RecordedHttpRequest): TestReply | null {
    const q = new URLSearchParams(req.query);
    let body: Record<string, unknown> = {};
    try {
      body = req.body ? JSON.parse(req.body) : {};
    } catch {
      return cloudflareFailure(400, [{ code: 6007, message: 'Malformed JSON in request body' }]);
    }
    const p = req.path.replace(/^\/client\/v4/, '');
    if (p === '/zones' && req.method === 'GET') {
      const name = q.get('name');
      const account = q.get('account.id');
      return list(
        [...zones.values()]
          .filter((z) => (!name || z.name === name) && (!account || z.account.id === account))
          .map(zoneView),
        q,
      );
    }
    if (p === '/zones' && req.method === 'POST') {
      const name = String(body.name ?? '');
      const account = (body.account as { id?: string } | undefined)?.id;
      if (!account) return cloudflareFailure(400, [{ code: 1199, message: 'account.id is required' }]);
      if ([...zones.values()].some((z) => z.name === name))
        return cloudflareFailure(400, [{ code: 1061, message: `${name} already exists` }]);
      const zone: CloudflareTestZone = {
        id: hex(),
        name,
        status: 'pending',
        name_servers: ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'],
        account: { id: account },
        ssl: 'flexible',
        records: [],
      };
      zones.set(zone.id, zone);
      return { status: 200, body: envelope(zoneView(zone)) };
    }
    const m = /^\/zones\/([^/]+)(\/.*)?$/.exec(p);
    if (!m) return null;
    const zone = zones.get(m[1]!);
    if (!zone) return notFound(p);
    const rest = m[2] ?? '';
    if (rest === '' && req.method === 'GET') return { status: 200, body: envelope(zoneView(zone)) };
    if (rest === '' && req.method === 'DELETE') {
      zones.delete(zone.id);
      return { status: 200, body: envelope({ id: zone.id }) };
    }
    if (rest === '/settings/ssl' && req.method === 'PATCH') {
      const value = body.value;
      if (value !== 'off' && value !== 'flexible' && value !== 'full' && value !== 'strict')
        return cloudflareFailure(400, [{ code: 1007, message: 'Invalid value for zone setting ssl' }]);
      zone.ssl = value;
      return { status: 200, body: envelope({ id: 'ssl', value, editable: true }) };
    }
    if (rest === '/dns_records' && req.method === 'GET') return list(zone.records, q);
    if (rest === '/dns_records' && req.method === 'POST') {
      const record = {
        id: hex(),
        type: String(body.type),
        name: String(body.name),
        content: String(body.content),
        ttl: Number(body.ttl ?? 1),
        proxied: body.proxied === true,
        ...(typeof body.priority === 'number' ? { priority: body.priority } : {}),
      };
      if (
        zone.records.some(
          (r) => r.type === record.type && r.name === record.name && r.content === record.content,
        )
      )
        return cloudflareFailure(400, [{ code: 81058, message: 'An identical record already exists.' }]);
      zone.records.push(record);
      return { status: 200, body: envelope(record) };
    }
    const r = /^\/dns_records\/([^/]+)$/.exec(rest);
    if (r && req.method === 'DELETE') {
      const before = zone.records.length;
      zone.records = zone.records.filter((x) => x.id !== r[1]);
      if (zone.records.length === before)
        return cloudflareFailure(404, [{ code: 81044, message: 'Record does not exist.' }]);
      return { status: 200, body: envelope({ id: r[1] }) };
    }
    return null;
  }

  const bare = await startBareTestServer((req) => {
    const failure = failures.shift();
    if (failure) return failure;
    const auth = req.headers.authorization;
    const match = auth ? /^Bearer ([A-Za-z0-9_-]+)$/.exec(auth) : null;
    if (!match) {
      return cloudflareFailure(400, [
        {
          code: 6003,
          message: 'Invalid request headers',
          error_chain: [{ code: 6111, message: 'Invalid format for Authorization header' }],
        },
      ]);
    }
    const info = tokens.get(match[1]!);
    if (req.method === 'GET' && req.path === '/client/v4/user/tokens/verify') {
      if (!info || (info.owner ?? 'user') !== 'user') return INVALID_TOKEN();
      return verified(info);
    }
    if (req.path.startsWith('/client/v4/zones')) {
      if (!info || (info.status ?? 'active') !== 'active') return INVALID_TOKEN();
      const answer = zonesApi(req);
      if (answer) return answer;
    }
    const account = /^\/client\/v4\/accounts\/([^/]+)\/tokens\/verify$/.exec(req.path);
    if (req.method === 'GET' && account) {
      if (!info || info.owner !== 'account' || (info.accountId ?? accountId) !== account[1])
        return INVALID_TOKEN();
      return verified(info);
    }
    return cloudflareFailure(404, [
      {
        code: 7003,
        message: 'Could not route to ' + req.path + ', perhaps your object identifier is invalid?',
      },
    ]);
  });

  return {
    url: bare.url,
    baseUrl: `${bare.url}/client/v4`,
    accountId,
    zones,
    activate(zoneId) {
      const zone = zones.get(zoneId);
      if (zone) zone.status = 'active';
    },
    requests: bare.requests,
    addToken(token, info = {}) {
      tokens.set(token, info);
    },
    failNext(status, errors) {
      failures.push(cloudflareFailure(status, errors));
    },
    hangNext: bare.hangNext,
    close: bare.close,
  };
}
