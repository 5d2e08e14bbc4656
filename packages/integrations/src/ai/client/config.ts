import { IntegrationError } from '../../errors';

export interface AiClientConfig {
  /** Base URL of an OpenAI-compatible API, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Default temperature; left out of the request when unset (some models accept only their default). */
  temperature?: number;
  /** Budget of one request, from sending to the last byte of the answer (default 60 000). */
  timeoutMs?: number;
  /** Retries after 429, 5xx or a refused connection (default 2). */
  maxRetries?: number;
  /**
   * Longest wait before a retry (default 30 000). When the provider asks for longer (Retry-After), the
   * call fails at once with `rate_limited` and `details.retryAfterMs`, so a job can be rescheduled
   * instead of holding a worker.
   */
  maxRetryWaitMs?: number;
}

export const AI_CLIENT_DEFAULTS = { timeoutMs: 60_000, maxRetries: 2, maxRetryWaitMs: 30_000 } as const;

export interface ResolvedAiConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  temperature: number | undefined;
  timeoutMs: number;
  maxRetries: number;
  maxRetryWaitMs: number;
}

const invalid = (message: string) => new IntegrationError('ai', 'invalid', message);

/**
 * Checks the settings before anything is sent. The SDK appends `/chat/completions` itself, so a pasted
 * endpoint URL is cut back to its base.
 */
export function resolveAiConfig(config: AiClientConfig): ResolvedAiConfig {
  let url: URL;
  try {
    url = new URL(config.baseUrl.trim());
  } catch {
    throw invalid('The AI base URL is not a valid URL (expected e.g. https://api.openai.com/v1)');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalid('The AI base URL must start with http:// or https://');
  }
  if (!config.apiKey) throw new IntegrationError('ai', 'not_configured', 'The AI API key is not set');
  if (!config.model.trim()) throw new IntegrationError('ai', 'not_configured', 'The AI model is not set');
  const baseUrl = url
    .toString()
    .replace(/\/+$/, '')
    .replace(/\/chat\/completions$/, '');
  const positive = (value: number | undefined, fallback: number, name: string) => {
    if (value === undefined) return fallback;
    if (!Number.isFinite(value) || value < 0) throw invalid(`${name} must be a non-negative number`);
    return value;
  };
  if (config.temperature !== undefined && !(config.temperature >= 0 && config.temperature <= 2)) {
    throw invalid('The AI temperature must be between 0 and 2');
  }
  return {
    baseUrl,
    apiKey: config.apiKey,
    model: config.model.trim(),
    temperature: config.temperature,
    timeoutMs: positive(config.timeoutMs, AI_CLIENT_DEFAULTS.timeoutMs, 'timeoutMs') || 1,
    maxRetries: Math.floor(positive(config.maxRetries, AI_CLIENT_DEFAULTS.maxRetries, 'maxRetries')),
    maxRetryWaitMs: positive(config.maxRetryWaitMs, AI_CLIENT_DEFAULTS.maxRetryWaitMs, 'maxRetryWaitMs'),
  };
}
