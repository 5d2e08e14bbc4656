import { buildContext } from '../offline/context';
import { fillSchema } from '../offline/walk';

/** One answer of the test server, for the next chat-completions request. */
export interface ScriptedReply {
  /** `choices[0].message.content`. */
  content?: string;
  /** HTTP status (default 200); 400 and above answer with OpenAI's error body. */
  status?: number;
  error?: { message?: string; type?: string; param?: string | null; code?: string | null };
  /** A body sent as it is instead (an HTML error page, broken JSON). */
  rawBody?: string;
  /** Extra response headers, e.g. `{ 'retry-after': '1' }`. */
  headers?: Record<string, string>;
  /** Wait this long before answering (longer than the client's timeout provokes one). */
  delayMs?: number;
  finishReason?: 'stop' | 'length' | 'content_filter';
  refusal?: string;
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens?: number };
  /** Model named in the answer (default: the requested one). */
  model?: string;
}

export interface ChatMessageBody {
  role: string;
  content: string;
}

export interface RecordedChatRequest {
  method: string;
  path: string;
  /** `Date.now()` when the request arrived. */
  at: number;
  authorization: string | undefined;
  /** The parsed JSON body: model, messages, response_format, temperature, max_completion_tokens… */
  body: {
    model?: string;
    messages?: ChatMessageBody[];
    response_format?: { type: string; json_schema?: { name: string; schema: unknown; strict?: boolean } };
    temperature?: number;
    max_completion_tokens?: number;
    [key: string]: unknown;
  };
  /** Status the server answered with (set when the answer is sent). */
  status?: number;
}

export type Responder = (request: RecordedChatRequest) => ScriptedReply | Promise<ScriptedReply>;

/**
 * Without a script the server answers like a cooperative model: a value of the requested JSON schema,
 * written by the offline generator in the language the instructions name.
 */
export const schemaResponder: Responder = (request) => {
  const messages = request.body.messages ?? [];
  const text = (role: string) =>
    messages
      .filter((m) => m.role === role)
      .map((m) => String(m.content))
      .join('\n');
  const language = /language code "([A-Za-z-]+)"/.exec(text('system'))?.[1] ?? 'en';
  const format = request.body.response_format;
  if (format?.type === 'json_schema' && format.json_schema?.schema) {
    const ctx = buildContext({ prompt: text('user'), language, schemaName: format.json_schema.name });
    return { content: JSON.stringify(fillSchema(format.json_schema.schema as Record<string, unknown>, ctx)) };
  }
  if (format?.type === 'json_object') return { content: '{}' };
  return { content: 'OK' };
};

const estimateTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

export function completionBody(request: RecordedChatRequest, reply: ScriptedReply, id: number) {
  const content = reply.refusal ? null : (reply.content ?? '');
  const promptTokens = estimateTokens(JSON.stringify(request.body.messages ?? []));
  const completionTokens = estimateTokens(content ?? reply.refusal ?? '');
  const usage = reply.usage ?? { prompt_tokens: promptTokens, completion_tokens: completionTokens };
  return {
    id: `chatcmpl-test-${id}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: reply.model ?? request.body.model ?? 'test-model',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: reply.refusal ?? null },
        logprobs: null,
        finish_reason: reply.finishReason ?? 'stop',
      },
    ],
    usage: {
      prompt_tokens: usage.prompt_tokens,
      completion_tokens: usage.completion_tokens,
      total_tokens: usage.total_tokens ?? usage.prompt_tokens + usage.completion_tokens,
    },
  };
}

export function errorBody(message: string, type: string, code: string | null, param: string | null = null) {
  return { error: { message, type, param, code } };
}

/** OpenAI shows the first and last characters of a wrong key, never the whole of it. */
export function maskKey(key: string): string {
  if (key.length <= 8) return '*'.repeat(key.length);
  return `${key.slice(0, 3)}${'*'.repeat(Math.min(20, key.length - 7))}${key.slice(-4)}`;
}
