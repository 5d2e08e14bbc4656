import { AppError } from '@blogfleet/api';

interface ResponseMetaOptions {
  errors: readonly unknown[];
}

function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof AppError)) return null;
  const seconds = (error.details as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : null;
}

/**
 * `responseMeta` for the tRPC and REST adapters: a refusal that says when to come back (RATE_LIMITED's
 * `details.retryAfterSeconds`) also says it in the standard Retry-After header; in a batch, the longest wait.
 */
export function retryAfterMeta({ errors }: ResponseMetaOptions): { headers?: Record<string, string> } {
  let longest: number | null = null;
  for (const error of errors) {
    const seconds = retryAfterSeconds(error);
    if (seconds !== null && (longest === null || seconds > longest)) longest = seconds;
  }
  return longest === null ? {} : { headers: { 'retry-after': String(longest) } };
}
