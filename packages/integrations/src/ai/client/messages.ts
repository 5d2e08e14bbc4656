import { languageName } from '../language';
import type { GenerateRequest } from '../types';
import type { JsonSchema } from './json-schema';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * The schema goes into the instructions as well as `response_format`: compatible servers that ignore
 * `response_format` (or accept only `json_object`) still learn the shape from the text.
 */
export function firstMessages(request: GenerateRequest<unknown>, schemaName: string, schema: JsonSchema) {
  const language = request.language || 'en';
  const rules = [
    `Reply with one JSON object that matches the JSON schema "${schemaName}" below, and nothing else: no prose, no Markdown fences.`,
    `Write every human-readable text value in ${languageName(language)} (language code "${language}").`,
    `JSON schema:\n${JSON.stringify(schema)}`,
  ].join('\n');
  const system = request.system?.trim() ? `${request.system.trim()}\n\n${rules}` : rules;
  const user =
    request.input && Object.keys(request.input).length > 0
      ? `${request.prompt}\n\nInput (JSON):\n${JSON.stringify(request.input, null, 2)}`
      : request.prompt;
  const messages: ChatMessage[] = [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
  return messages;
}

const MAX_ECHO = 20_000;

export function repairMessages(first: ChatMessage[], badOutput: string, issues: string[]): ChatMessage[] {
  const echo = badOutput.length > MAX_ECHO ? `${badOutput.slice(0, MAX_ECHO)}…` : badOutput;
  return [
    ...first,
    { role: 'assistant', content: echo || '(empty reply)' },
    {
      role: 'user',
      content: [
        'Your reply does not match the required JSON schema. Problems found:',
        ...issues.map((issue) => `- ${issue}`),
        'Reply again with the corrected JSON object only: no explanation, no Markdown fences.',
      ].join('\n'),
    },
  ];
}
