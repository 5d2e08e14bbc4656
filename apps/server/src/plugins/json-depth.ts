import type { FastifyInstance } from 'fastify';

/** Deeper than any payload of ours; deep enough input blows the stack of recursive code (JSON.stringify, zod). */
export const MAX_JSON_DEPTH = 64;

/** 400 VALIDATION_ERROR in the envelope, through the error handler. */
export class JsonTooDeepError extends Error {
  readonly statusCode = 400;
  constructor() {
    super(`JSON is nested more than ${MAX_JSON_DEPTH} levels deep`);
  }
}

/**
 * Whether JSON text nests arrays/objects deeper than `max`, found by one pass over the text before it
 * is parsed. Text that is not JSON may be misjudged; the parser refuses it anyway.
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  // Every level needs its own opening bracket.
  if (text.length <= max) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * The tRPC adapter swaps in its own JSON parser, which hands tRPC the raw text (POST) or leaves the
 * `?input=` of a GET to tRPC, so both skip the server's body parser and are checked here instead.
 */
export function refuseDeepTrpcInput(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    // A repeated ?input= arrives as an array; tRPC reads the first.
    const input = (req.query as Record<string, unknown> | undefined)?.input;
    for (const text of [req.body, ...(Array.isArray(input) ? input : [input])]) {
      if (typeof text === 'string' && jsonTooDeep(text)) throw new JsonTooDeepError();
    }
  });
}
