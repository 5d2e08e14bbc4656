import { IntegrationError, type IntegrationErrorKind } from '../errors';
import { checkBaseUrl, displayUrl, kindForHttpStatus, redactSecrets, requestJson } from '../http-json';
import { PORKBUN_API_URL, type PorkbunConfig, type Registrar, type RegistrarPing } from './types';

export const PORKBUN_DEFAULTS = { timeoutMs: 15_000 } as const;

interface PorkbunAnswer {
  status?: unknown;
  message?: unknown;
  yourIp?: unknown;
}

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

  async #call(path: string, extra: Record<string, unknown> = {}): Promise<PorkbunAnswer> {
    const { apiKey, secretApiKey, baseUrl, timeoutMs } = this.#config;
    const secrets = [apiKey, secretApiKey];
    const url = `${baseUrl}${path}`;
    const answer = await requestJson({
      integration: 'registrar',
      provider: 'Porkbun',
      url,
      method: 'POST',
      body: { ...extra, apikey: apiKey, secretapikey: secretApiKey },
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
}
