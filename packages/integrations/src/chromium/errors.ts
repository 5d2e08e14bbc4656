/** A page that could not be loaded or measured; the message says why, in the operator's terms. */
export class PageLoadError extends Error {
  override name = 'PageLoadError';
  constructor(
    message: string,
    readonly url: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** What Chromium's navigation failure means for the operator. */
export function describeNavigationError(url: string, error: unknown): PageLoadError {
  const text = error instanceof Error ? error.message : String(error);
  if (/Timeout/i.test(text)) return new PageLoadError(`${url} did not finish loading in time`, url);
  if (/ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|ERR_ADDRESS_UNREACHABLE|ERR_EMPTY_RESPONSE/.test(text))
    return new PageLoadError(`${url} did not answer (the site is down or unreachable)`, url);
  if (/ERR_NAME_NOT_RESOLVED/.test(text))
    return new PageLoadError(`${url}: the domain does not resolve`, url);
  if (/ERR_CERT|SSL/.test(text)) return new PageLoadError(`${url}: its TLS certificate was refused`, url);
  const reason = /net::(ERR_[A-Z_]+)/.exec(text)?.[1] ?? 'load failed';
  return new PageLoadError(`${url} could not be loaded (${reason})`, url);
}
