import { z } from 'zod';
import type { AiClientConfig } from './config';
import { AiClient } from './client';

export interface AiConnectionResult {
  ok: true;
  model: string;
  latencyMs: number;
  generator: 'openai';
}

const pingSchema = z.object({ ok: z.boolean() });

/**
 * One small structured call: it proves the key, the base URL, the model and structured output at once,
 * which listing models would not. Failures throw the mapped IntegrationError.
 */
export async function testAiConnection(config: AiClientConfig): Promise<AiConnectionResult> {
  const client = new AiClient(config);
  const result = await client.generate({
    schema: pingSchema,
    schemaName: 'connection_test',
    system: 'You are a connectivity check.',
    prompt: 'Reply with {"ok": true}.',
    language: 'en',
  });
  return { ok: true, model: result.model, latencyMs: result.latencyMs, generator: 'openai' };
}
