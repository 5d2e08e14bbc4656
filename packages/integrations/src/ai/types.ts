import type { ZodType } from 'zod';

export type GeneratorKind = 'openai' | 'offline';

/**
 * Facts about the job that the caller already knows (keywords, topic, website, idea text, count…).
 * The offline generator builds its drafts from them; the model receives them as JSON after the prompt,
 * so one call shape serves both.
 */
export type GenerateInput = Readonly<Record<string, unknown>>;

export interface GenerateRequest<T> {
  /** What the reply must parse as (an object at the root: OpenAI accepts no other); the result is its output. */
  schema: ZodType<T>;
  /** Names the schema for the provider (letters, digits, `_` and `-`; anything else becomes `_`). */
  schemaName: string;
  system?: string;
  prompt: string;
  /** Language of the human-readable text in the reply (en, tr, es, fr, de, …). */
  language: string;
  temperature?: number;
  maxTokens?: number;
  input?: GenerateInput;
}

export interface AiUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface AiResult<T> {
  output: T;
  generator: GeneratorKind;
  /** The model that answered (as the provider names it), or `offline`. */
  model: string;
  /** Summed over every request the call made (a repair included). */
  usage: AiUsage;
  /** Wall time of the whole call, retries and repair included. */
  latencyMs: number;
  /** Whether the first reply failed the schema and a repair request produced this output. */
  repaired: boolean;
}

export interface TextGenerator {
  readonly kind: GeneratorKind;
  generate<T>(request: GenerateRequest<T>): Promise<AiResult<T>>;
}
