import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { IntegrationError } from '../../errors';
import type { AiResult, AiUsage, GenerateRequest, TextGenerator } from '../types';
import { displayUrl } from '../../http-json';
import { resolveAiConfig, type AiClientConfig, type ResolvedAiConfig } from './config';
import { toAiError, type ErrorContext } from './errors';
import { responseFormatFor, type ResponseFormat } from './json-schema';
import { firstMessages, repairMessages, type ChatMessage } from './messages';
import { parseReply } from './reply';
import { withRetries } from './retry';

interface Completion {
  content: string | null;
  refusal: string | null;
  finishReason: string | null;
  model: string;
  usage: AiUsage;
}

const addUsage = (a: AiUsage, b: AiUsage): AiUsage => ({
  promptTokens: a.promptTokens + b.promptTokens,
  completionTokens: a.completionTokens + b.completionTokens,
  totalTokens: a.totalTokens + b.totalTokens,
});

/**
 * Structured text from an OpenAI-compatible chat-completions API. Retries and timeouts are ours, not
 * the SDK's: the SDK follows any Retry-After however long and retries timed-out requests, which would
 * hold a job far beyond its budget.
 */
export class AiClient implements TextGenerator {
  readonly kind = 'openai' as const;
  readonly model: string;
  // Private fields keep the key out of anything that prints or serialises the client.
  readonly #config: ResolvedAiConfig;
  readonly #openai: OpenAI;

  constructor(config: AiClientConfig) {
    this.#config = resolveAiConfig(config);
    this.model = this.#config.model;
    this.#openai = new OpenAI({
      apiKey: this.#config.apiKey,
      baseURL: this.#config.baseUrl,
      timeout: this.#config.timeoutMs,
      maxRetries: 0,
      // Without explicit nulls the SDK reads OPENAI_* variables of our process and would send them
      // to whatever provider is configured.
      organization: null,
      project: null,
      adminAPIKey: null,
      webhookSecret: null,
      logLevel: 'off',
    });
  }

  get baseUrl(): string {
    return displayUrl(this.#config.baseUrl);
  }

  async generate<T>(request: GenerateRequest<T>): Promise<AiResult<T>> {
    const started = performance.now();
    checkRequest(request);
    const format = responseFormatFor(request.schema, request.schemaName);
    const messages = firstMessages(request, format.json_schema.name, format.json_schema.schema);
    const first = await this.#complete(messages, format, request);
    if (first.refusal) throw this.#refused(first);
    const parsed = parseReply(request.schema, first.content);
    if (parsed.ok) return this.#result(parsed.value, first, first.usage, started, false);

    const second = await this.#complete(repairMessages(messages, parsed.raw, parsed.issues), format, request);
    const usage = addUsage(first.usage, second.usage);
    if (second.refusal) throw this.#refused(second);
    const repaired = parseReply(request.schema, second.content);
    if (repaired.ok) return this.#result(repaired.value, second, usage, started, true);
    const cut = second.finishReason === 'length' ? ' (the reply was cut off at the token limit)' : '';
    throw new IntegrationError(
      'ai',
      'upstream',
      `The model returned output that does not match the "${format.json_schema.name}" schema, also after a repair request${cut}: ${repaired.issues.slice(0, 3).join('; ')}`,
      {
        url: this.baseUrl,
        model: second.model,
        issues: repaired.issues,
        finishReason: second.finishReason,
        usage,
      },
    );
  }

  #result<T>(output: T, last: Completion, usage: AiUsage, started: number, repaired: boolean): AiResult<T> {
    const latencyMs = Math.round(performance.now() - started);
    return { output, generator: 'openai', model: last.model, usage, latencyMs, repaired };
  }

  #refused(completion: Completion): IntegrationError {
    return new IntegrationError('ai', 'upstream', `The model refused: ${completion.refusal}`, {
      url: this.baseUrl,
      model: completion.model,
    });
  }

  async #complete(
    messages: ChatMessage[],
    format: ResponseFormat,
    request: GenerateRequest<unknown>,
  ): Promise<Completion> {
    const temperature = request.temperature ?? this.#config.temperature;
    const body: ChatCompletionCreateParamsNonStreaming = {
      model: this.#config.model,
      messages,
      response_format: format,
      ...(temperature !== undefined ? { temperature } : {}),
      ...(request.maxTokens !== undefined ? { max_completion_tokens: request.maxTokens } : {}),
    };
    try {
      return await withRetries(this.#config, () => this.#once(body));
    } catch (err) {
      throw toAiError(err, this.#errorContext(false));
    }
  }

  async #once(body: ChatCompletionCreateParamsNonStreaming): Promise<Completion> {
    // The SDK's own timeout ends when the headers arrive; this deadline also covers the body.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), this.#config.timeoutMs);
    try {
      const completion = await this.#openai.chat.completions.create(body, { signal: deadline.signal });
      const choice = completion.choices?.[0];
      const usage = completion.usage;
      return {
        content: choice?.message?.content ?? null,
        refusal: choice?.message?.refusal ?? null,
        finishReason: choice?.finish_reason ?? null,
        model: completion.model || this.#config.model,
        usage: {
          promptTokens: usage?.prompt_tokens ?? 0,
          completionTokens: usage?.completion_tokens ?? 0,
          totalTokens: usage?.total_tokens ?? (usage?.prompt_tokens ?? 0) + (usage?.completion_tokens ?? 0),
        },
      };
    } catch (err) {
      // Mapped here because only this attempt knows whether its deadline fired.
      if (deadline.signal.aborted) throw toAiError(err, this.#errorContext(true));
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  #errorContext(timedOut: boolean): ErrorContext {
    return {
      url: this.baseUrl,
      model: this.#config.model,
      timeoutMs: this.#config.timeoutMs,
      secrets: [this.#config.apiKey],
      timedOut,
    };
  }
}

function checkRequest(request: GenerateRequest<unknown>): void {
  const invalid = (message: string) => new IntegrationError('ai', 'invalid', message);
  if (!request.prompt.trim()) throw invalid('The prompt is empty');
  const t = request.temperature;
  if (t !== undefined && !(t >= 0 && t <= 2)) throw invalid('temperature must be between 0 and 2');
  const max = request.maxTokens;
  if (max !== undefined && !(Number.isInteger(max) && max > 0)) {
    throw invalid('maxTokens must be a positive integer');
  }
}

export function createAiClient(config: AiClientConfig): AiClient {
  return new AiClient(config);
}
