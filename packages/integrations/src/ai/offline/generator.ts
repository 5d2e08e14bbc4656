import { z } from 'zod';
import { IntegrationError } from '../../errors';
import type { AiResult, GenerateRequest, TextGenerator } from '../types';
import { buildContext } from './context';
import { fillSchema } from './walk';

/**
 * Drafts without a model: deterministic text from the caller's inputs, in the requested language, for
 * any zod schema. Used when no AI provider is configured; every result says `generator: 'offline'`.
 */
export class OfflineTextGenerator implements TextGenerator {
  readonly kind = 'offline' as const;

  async generate<T>(request: GenerateRequest<T>): Promise<AiResult<T>> {
    const started = performance.now();
    const ctx = buildContext({
      prompt: request.prompt,
      input: request.input,
      language: request.language,
      schemaName: request.schemaName,
    });
    const json = z.toJSONSchema(request.schema, { io: 'input', unrepresentable: 'any' }) as Record<
      string,
      unknown
    >;
    const draft = fillSchema(json, ctx);
    const parsed = request.schema.safeParse(draft);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .slice(0, 10)
        .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`);
      // Refinements and transforms are invisible in the JSON schema; the caller learns which field.
      throw new IntegrationError(
        'ai',
        'upstream',
        `The offline generator could not fill the "${request.schemaName}" schema: ${issues.slice(0, 3).join('; ')}`,
        { model: 'offline', issues },
      );
    }
    return {
      output: parsed.data,
      generator: 'offline',
      model: 'offline',
      usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
      latencyMs: Math.round(performance.now() - started),
      repaired: false,
    };
  }
}

export function createOfflineGenerator(): OfflineTextGenerator {
  return new OfflineTextGenerator();
}
