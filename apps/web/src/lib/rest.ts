import { refreshSession, sessionExpired } from './session';
import { tokens } from './tokens';

/** A REST call that failed, with the catalogue code, message and details of the error envelope. */
export class RestError extends Error {
  override name = 'RestError';
  constructor(
    readonly code: string,
    message: string,
    readonly details: unknown,
  ) {
    super(message);
  }
}

/**
 * POST to the REST surface with the session's token, for the few calls too large for tRPC's request
 * limit (media uploads have their own). A 401 is retried once after a refresh, as the tRPC link does.
 */
export async function restPost<T>(path: string, body: unknown): Promise<T> {
  const send = () => {
    const token = tokens.access();
    return fetch(`/api/v1/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  };
  let res: Response;
  try {
    res = await send();
    if (res.status === 401) {
      const outcome = await refreshSession();
      if (outcome === 'refreshed') res = await send();
      else if (outcome === 'rejected') sessionExpired();
    }
  } catch (error) {
    throw new RestError('NETWORK_ERROR', (error as Error).message, null);
  }
  const envelope = (await res.json().catch(() => null)) as {
    success?: boolean;
    data?: T;
    error?: { code?: string; message?: string; details?: unknown };
  } | null;
  if (!res.ok || !envelope?.success) {
    throw new RestError(
      envelope?.error?.code ?? 'API_ERROR',
      envelope?.error?.message ?? `HTTP ${res.status}: ${res.statusText}`,
      envelope?.error?.details ?? null,
    );
  }
  return envelope.data as T;
}
