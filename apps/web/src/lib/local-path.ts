/** Only paths of this app: '//host' and '/\host' would send the user to another origin. */
export function isLocalPath(value: unknown): value is string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value);
}
