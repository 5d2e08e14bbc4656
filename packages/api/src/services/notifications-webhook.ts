import { IntegrationError } from '@blogfleet/integrations/errors';

/** How long an outgoing notification webhook may take. */
export const WEBHOOK_TIMEOUT_MS = 5_000;

/** Where a webhook went, without its path (a Slack URL's path is its credential). */
const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return 'the webhook';
  }
};

/**
 * Posts a Slack-compatible message (`{ "text": … }`) to an incoming webhook. Throws IntegrationError
 * (`monitoring`) when it does not accept it in time; its message never contains the URL's path.
 */
export async function postWebhook(
  url: string,
  text: string,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const where = originOf(url);
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new IntegrationError(
      'monitoring',
      timedOut ? 'timeout' : 'unreachable',
      timedOut
        ? `The webhook at ${where} did not answer within ${timeoutMs / 1000} s`
        : `The webhook at ${where} could not be reached`,
      { url: where },
      { cause: err },
    );
  }
  await res.arrayBuffer().catch(() => undefined);
  const ms = Math.round(performance.now() - started);
  if (!res.ok) {
    throw new IntegrationError(
      'monitoring',
      res.status === 401 || res.status === 403 ? 'unauthorized' : 'upstream',
      `The webhook at ${where} answered HTTP ${res.status}`,
      { status: res.status, url: where },
    );
  }
  return { status: res.status, ms };
}

/** Sends without ever throwing: a failing webhook is logged and the caller goes on. */
export async function sendWebhookQuietly(url: string, text: string): Promise<boolean> {
  try {
    await postWebhook(url, text);
    return true;
  } catch (err) {
    console.warn(`notification webhook: ${err instanceof Error ? err.message : String(err)}`);
    return false;
  }
}
