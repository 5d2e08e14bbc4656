/** A REST call over real HTTP, answering the status and the parsed envelope. */
export async function api<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; body: any & { data: T } }> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${baseUrl}/api/v1/${path.replace(/^\//, '')}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** Signs in over REST and returns the token pair; throws with the answer when refused. */
export async function login(
  baseUrl: string,
  credentials: { email: string; password: string },
): Promise<{ accessToken: string; refreshToken: string }> {
  const res = await api(baseUrl, 'POST', 'auth/login', { body: credentials });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.tokens;
}
