/**
 * A local server speaking Porkbun's JSON API v3 for the calls Blogfleet makes (ping, checkDomain,
 * create with dryRun and Idempotency-Key, listAll, updateNs), with Porkbun's error bodies
 * (`{status: 'ERROR', message}`), an account balance and a rate limit on checks. Loopback only; for tests.
 */
import { startBareTestServer, type RecordedHttpRequest, type TestReply } from '../../test-server';

export interface PorkbunTestServerOptions {
  apiKey?: string;
  secretApiKey?: string;
  /** What ping reports as the caller's address. */
  yourIp?: string;
  /** Account credit in US cents (default $100). */
  balanceCents?: number;
  /** First-year prices in US cents by TLD (default: com 1099, net 1299, org 1099, io 3999, xyz 199). */
  pricesCents?: Record<string, number>;
  /** Names somebody else holds. */
  taken?: string[];
  /** checkDomain calls allowed before the rate limit answers (default unlimited)… */
  checkLimit?: number;
  /** …within this many milliseconds (a sliding window; default: for the server's life). */
  checkWindowMs?: number;
  /** Milliseconds every answer waits (default 0). */
  delayMs?: number;
}

export interface PorkbunTestServer {
  url: string;
  /** `url` + `/api/json/v3`: the client's base URL. */
  baseUrl: string;
  apiKey: string;
  secretApiKey: string;
  requests: RecordedHttpRequest[];
  /** Domains the account holds, with their name servers. */
  owned: Map<string, { nameservers: string[]; createDate: string; expireDate: string }>;
  /** Registrations actually charged (a replayed idempotent call is not one). */
  charges: { domain: string; costCents: number; idempotencyKey: string | null }[];
  balanceCents: number;
  /** The next request is answered with this HTTP status and body. */
  failNext(status: number, body: unknown): void;
  /** The next create registers (and charges) but the answer is lost: the client times out. */
  loseNextCreateAnswer(): void;
  hangNext(): void;
  close(): Promise<void>;
}

const error = (status: number, message: string): TestReply => ({
  status,
  body: { status: 'ERROR', message },
});
const DEFAULT_PRICES: Record<string, number> = { com: 1099, net: 1299, org: 1099, io: 3999, xyz: 199 };
const stamp = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

export async function startPorkbunTestServer(
  options: PorkbunTestServerOptions = {},
): Promise<PorkbunTestServer> {
  const apiKey = options.apiKey ?? 'pk1_test0000000000000000000000000000';
  const secretApiKey = options.secretApiKey ?? 'sk1_test0000000000000000000000000000';
  const prices = { ...DEFAULT_PRICES, ...options.pricesCents };
  const taken = new Set((options.taken ?? []).map((d) => d.toLowerCase()));
  const failures: TestReply[] = [];
  const replays = new Map<string, TestReply>();
  let checks = 0;
  const checkTimes: number[] = [];
  let loseCreate = 0;

  const state: Pick<PorkbunTestServer, 'owned' | 'charges' | 'balanceCents'> = {
    owned: new Map(),
    charges: [],
    balanceCents: options.balanceCents ?? 10_000,
  };

  const priceOf = (domain: string) => prices[domain.split('.').slice(1).join('.')] ?? null;

  function create(domain: string, body: Record<string, unknown>, key: string | null): TestReply {
    const price = priceOf(domain);
    const available = price !== null && !taken.has(domain) && !state.owned.has(domain);
    const cost = typeof body.cost === 'number' ? body.cost : Number(body.cost);
    let reason: string | null = null;
    if (body.agreeToTerms !== 'yes') reason = 'You must agree to the terms (agreeToTerms: "yes").';
    else if (!available) reason = `${domain} is not available.`;
    else if (cost !== price) reason = `The cost does not match the current price of ${price} cents.`;
    const sufficientFunds = price === null || state.balanceCents >= price;
    if (body.dryRun === true) {
      return {
        status: 200,
        body: {
          status: 'SUCCESS',
          dryRun: true,
          wouldSucceed: reason === null && sufficientFunds,
          cost: price ?? cost,
          costDisplay: `$${((price ?? cost) / 100).toFixed(2)}`,
          balance: state.balanceCents,
          sufficientFunds,
          ...(reason ? { reason } : !sufficientFunds ? { reason: 'Insufficient funds.' } : {}),
        },
      };
    }
    if (reason) return error(400, reason);
    if (!sufficientFunds) return error(402, 'Insufficient funds. Please add credit to your account.');
    state.balanceCents -= price!;
    const now = new Date();
    const expires = new Date(now.getTime() + 365 * 24 * 3600 * 1000);
    state.owned.set(domain, {
      nameservers: ['curitiba.ns.porkbun.com', 'fortaleza.ns.porkbun.com'],
      createDate: stamp(now),
      expireDate: stamp(expires),
    });
    state.charges.push({ domain, costCents: price!, idempotencyKey: key });
    return {
      status: 200,
      body: {
        status: 'SUCCESS',
        domain,
        cost: price,
        orderId: 1000 + state.charges.length,
        balance: state.balanceCents,
      },
    };
  }

  const bare = await startBareTestServer(
    (req) => {
      const failure = failures.shift();
      if (failure) return failure;
      if (req.method !== 'POST') return error(405, 'Only POST requests are accepted.');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(req.body || '{}');
      } catch {
        return error(400, 'Invalid JSON body.');
      }
      // Porkbun checks the key pair before it looks at the command.
      if (body.apikey !== apiKey || body.secretapikey !== secretApiKey)
        return error(400, 'Invalid API key. (002)');
      const path = req.path.replace(/^\/api\/json\/v3/, '');
      const [, group, command, rawDomain] = path.split('/');
      const domain = decodeURIComponent(rawDomain ?? '').toLowerCase();
      if (path === '/ping') {
        return { status: 200, body: { status: 'SUCCESS', yourIp: options.yourIp ?? '127.0.0.1' } };
      }
      if (group === 'domain' && command === 'checkDomain') {
        checks++;
        const now = Date.now();
        checkTimes.push(now);
        if (options.checkWindowMs !== undefined) {
          while (checkTimes.length && checkTimes[0]! <= now - options.checkWindowMs) checkTimes.shift();
        }
        const inWindow = options.checkWindowMs !== undefined ? checkTimes.length : checks;
        if (options.checkLimit !== undefined && inWindow > options.checkLimit) {
          // A refused check does not use up the allowance.
          checkTimes.pop();
          return error(429, 'Rate limit exceeded: 1 domain check per 10 seconds.');
        }
        const price = priceOf(domain);
        const avail = price !== null && !taken.has(domain) && !state.owned.has(domain);
        return {
          status: 200,
          body: {
            status: 'SUCCESS',
            response: {
              avail: avail ? 'yes' : 'no',
              type: 'registration',
              price: price === null ? null : (price / 100).toFixed(2),
              firstYearPromo: 'no',
              regularPrice: price === null ? null : (price / 100).toFixed(2),
              premium: 'no',
            },
            limits: {
              TTL: '10',
              limit: '1',
              used: 1,
              naturalLanguage: '1 out of 1 checks within 10 seconds used.',
            },
          },
        };
      }
      if (group === 'domain' && command === 'create') {
        const key = req.headers['idempotency-key'] ?? null;
        if (key && body.dryRun !== true) {
          const seen = replays.get(key);
          if (seen) return seen;
        }
        const reply = create(domain, body, key);
        if (key && body.dryRun !== true) replays.set(key, reply);
        if (body.dryRun !== true && loseCreate > 0) {
          loseCreate--;
          return { ...reply, drop: true };
        }
        return reply;
      }
      if (group === 'domain' && command === 'listAll') {
        const start = Number(body.start ?? 0) || 0;
        const all = [...state.owned.entries()].map(([name, d]) => ({
          domain: name,
          status: 'ACTIVE',
          tld: name.split('.').slice(1).join('.'),
          createDate: d.createDate,
          expireDate: d.expireDate,
        }));
        return { status: 200, body: { status: 'SUCCESS', domains: all.slice(start, start + 1000) } };
      }
      if (group === 'domain' && command === 'updateNs') {
        const owned = state.owned.get(domain);
        if (!owned) return error(400, `${domain} is not in your account.`);
        if (!Array.isArray(body.ns) || body.ns.length === 0) return error(400, 'ns must list name servers.');
        owned.nameservers = body.ns.map(String);
        return { status: 200, body: { status: 'SUCCESS' } };
      }
      return error(404, 'Invalid command.');
    },
    { delayMs: () => options.delayMs ?? 0 },
  );

  const requests = bare.requests;
  return {
    url: bare.url,
    baseUrl: `${bare.url}/api/json/v3`,
    apiKey,
    secretApiKey,
    requests,
    get owned() {
      return state.owned;
    },
    get charges() {
      return state.charges;
    },
    get balanceCents() {
      return state.balanceCents;
    },
    set balanceCents(v: number) {
      state.balanceCents = v;
    },
    failNext(status, body) {
      failures.push({ status, body });
    },
    loseNextCreateAnswer() {
      loseCreate++;
    },
    hangNext: bare.hangNext,
    close: bare.close,
  };
}
