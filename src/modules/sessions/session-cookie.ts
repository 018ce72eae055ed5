/** The cookie that carries a web UI session's secret. */
export const SESSION_COOKIE = 'logward_session';
/** The header a signed-in page sends its CSRF token in on every state-changing call. */
export const CSRF_HEADER = 'x-csrf-token';

/** The value of one cookie in a `Cookie` header (no dependency: one name, no attributes to read). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * HttpOnly (scripts never read it), SameSite=Strict (no other site's page sends it), Path=/ (pages and API),
 * Secure when the request came over HTTPS (directly or through a proxy that says so).
 */
export function sessionCookie(secret: string, maxAgeSeconds: number, secure: boolean): string {
  return `${SESSION_COOKIE}=${secret}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return sessionCookie('', 0, secure);
}
