import { IntegrationError, type IntegrationErrorKind } from '../errors';
import { checkBaseUrl, displayUrl, kindForHttpStatus, redactSecrets, requestJson } from '../http-json';
import {
  PORKBUN_API_URL,
  type DomainCheck,
  type OwnedDomain,
  type PorkbunConfig,
  type PurchasePreview,
  type PurchaseResult,
  type Registrar,
  type RegistrarPing,
} from './types';

export const PORKBUN_DEFAULTS = { timeoutMs: 15_000 } as const;

interface PorkbunAnswer {
  status?: unknown;
  message?: unknown;
  yourIp?: unknown;
  [key: string]: unknown;
}

/** Porkbun writes prices as decimal dollar strings ("9.73"). */
function cents(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.round(n * 100) : null;
}
const int = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.round(n) : null;
};
/** "2026-11-24 10:00:00" (Porkbun's dates, UTC) or null. */
function date(value: unknown): Date | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const d = new Date(`${value.trim().replace(' ', 'T')}Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}
const PAGE = 1000;

/** Porkbun answers `{status: 'ERROR', message}`; its messages about keys say so in words. */
function kindOf(status: number, message: string): IntegrationErrorKind {
  if (/api ?key|secret ?key|secretapikey|not authori[sz]ed|authentication/i.test(message))
    return 'unauthorized';
  if (/rate limit|too many/i.test(message)) return 'rate_limited';
  if (status >= 400) return kindForHttpStatus(status);
  return 'upstream';
}

/** Porkbun through its JSON API: every call is a POST with the two keys in the body. */
export class PorkbunRegistrar implements Registrar {
  readonly provider = 'porkbun' as const;
  readonly #config: Required<PorkbunConfig>;

  constructor(config: PorkbunConfig) {
    if (!config.apiKey || !config.secretApiKey) {
      throw new IntegrationError(
        'registrar',
        'not_configured',
        'The Porkbun API key and secret key are not set',
      );
    }
    this.#config = {
      apiKey: config.apiKey,
      secretApiKey: config.secretApiKey,
      baseUrl: checkBaseUrl('registrar', 'Porkbun', config.baseUrl || PORKBUN_API_URL),
      timeoutMs: config.timeoutMs ?? PORKBUN_DEFAULTS.timeoutMs,
    };
  }

  async #call(
    path: string,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ): Promise<PorkbunAnswer> {
    const { apiKey, secretApiKey, baseUrl, timeoutMs } = this.#config;
    const secrets = [apiKey, secretApiKey];
    const url = `${baseUrl}${path}`;
    const answer = await requestJson({
      integration: 'registrar',
      provider: 'Porkbun',
      url,
      method: 'POST',
      body: { ...extra, apikey: apiKey, secretapikey: secretApiKey },
      headers,
      timeoutMs,
      secrets,
    });
    const body = (answer.json ?? {}) as PorkbunAnswer;
    if (answer.status < 400 && body.status === 'SUCCESS') return body;
    const own = typeof body.message === 'string' && body.message.trim() ? body.message.trim() : null;
    const message =
      own ??
      (answer.json === null
        ? `Porkbun answered HTTP ${answer.status} without a JSON body`
        : `Porkbun answered HTTP ${answer.status} with status ${String(body.status)}`);
    throw new IntegrationError('registrar', kindOf(answer.status, message), redactSecrets(message, secrets), {
      status: answer.status,
      providerCode: typeof body.status === 'string' ? body.status : undefined,
      url: displayUrl(url),
    });
  }

  /** `POST /ping`: proves both keys and answers the caller's IP. */
  async ping(): Promise<RegistrarPing> {
    const body = await this.#call('/ping');
    return { ip: typeof body.yourIp === 'string' ? body.yourIp : null };
  }

  /** `POST /domain/checkDomain/{domain}`: `response.avail` "yes"/"no", `response.price` in dollars. */
  async checkDomain(domain: string): Promise<DomainCheck> {
    const body = await this.#call(`/domain/checkDomain/${encodeURIComponent(domain)}`);
    const r = (body.response ?? {}) as Record<string, unknown>;
    return {
      domain,
      available: r.avail === 'yes',
      priceCents: cents(r.price),
      premium: r.premium === 'yes',
    };
  }

  /** `POST /domain/create/{domain}` with `dryRun`: every check, nothing charged. */
  async previewPurchase(domain: string, costCents: number): Promise<PurchasePreview> {
    const body = await this.#call(`/domain/create/${encodeURIComponent(domain)}`, {
      cost: costCents,
      agreeToTerms: 'yes',
      dryRun: true,
    });
    return {
      wouldSucceed: body.wouldSucceed === true,
      costCents: int(body.cost) ?? costCents,
      balanceCents: int(body.balance),
      sufficientFunds: body.sufficientFunds !== false,
      reason: typeof body.reason === 'string' ? body.reason : null,
    };
  }

  /** `POST /domain/create/{domain}` with the `Idempotency-Key` header Porkbun replays within 24 h. */
  async purchase(domain: string, costCents: number, idempotencyKey: string): Promise<PurchaseResult> {
    const body = await this.#call(
      `/domain/create/${encodeURIComponent(domain)}`,
      { cost: costCents, agreeToTerms: 'yes' },
      { 'idempotency-key': idempotencyKey },
    );
    return {
      domain,
      costCents: int(body.cost) ?? costCents,
      orderId: body.orderId === undefined || body.orderId === null ? null : String(body.orderId),
      balanceCents: int(body.balance),
    };
  }

  /** `POST /domain/listAll`, 1,000 at a time. */
  async listOwned(): Promise<OwnedDomain[]> {
    const owned: OwnedDomain[] = [];
    for (let start = 0; ; start += PAGE) {
      const body = await this.#call('/domain/listAll', { start: String(start) });
      const page = Array.isArray(body.domains) ? (body.domains as Record<string, unknown>[]) : [];
      for (const d of page) {
        if (typeof d.domain !== 'string') continue;
        owned.push({
          domain: d.domain.toLowerCase(),
          createdAt: date(d.createDate),
          expiresAt: date(d.expireDate),
        });
      }
      if (page.length < PAGE) return owned;
    }
  }

  /** `POST /domain/updateNs/{domain}` with the full list of name servers. */
  async setNameservers(domain: string, nameservers: string[]): Promise<void> {
    await this.#call(`/domain/updateNs/${encodeURIComponent(domain)}`, { ns: nameservers });
  }
}
