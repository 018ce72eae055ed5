/** The API over HTTP with the session cookie; never an API token (the browser has none). */

export interface AccountChoice {
  readonly accountId: number;
  readonly accountName: string;
  readonly role: 'admin' | 'regular' | 'read-only';
}

export interface SessionInfo extends AccountChoice {
  readonly userId: number;
  readonly email: string;
  readonly csrfToken: string;
  readonly accounts: readonly AccountChoice[];
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

let csrfToken = '';
const endedListeners = new Set<() => void>();
/**
 * Which session the page's requests are sent under. An account switch deletes the old session on the server, so
 * requests still in flight from the page being left come back 401: that ends nothing, only a 401 to a request sent
 * under the current session does.
 */
let sessionEpoch = 0;

/** The page starts a session (signed in, switched): requests sent before now no longer speak for it. */
export function setCsrfToken(token: string): void {
  csrfToken = token;
  sessionEpoch += 1;
}

/** The page is about to leave its session for another (an account switch): see sessionEpoch. */
export function sessionChanging(): void {
  sessionEpoch += 1;
}

/** Called when the server says the session is over (signed out elsewhere, suspended, deleted, revoked). */
export function onSessionEnded(listener: () => void): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

function messageOf(body: unknown, status: number): string {
  if (typeof body === 'object' && body !== null) {
    const record = body as Record<string, unknown>;
    if (typeof record.message === 'string') return record.message;
    const error = record.error;
    if (typeof error === 'object' && error !== null) {
      const reason = (error as Record<string, unknown>).reason;
      if (typeof reason === 'string') return reason;
    }
  }
  return `HTTP ${status}`;
}

export function api<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  return send<T>(method, path, body === undefined ? undefined : { text: JSON.stringify(body), type: 'application/json' }, signal);
}

/** A request whose body is text of another type (Sigma YAML, NDJSON), with the session's CSRF token. */
export function apiText<T>(method: 'POST' | 'PUT', path: string, text: string, contentType: string): Promise<T> {
  return send<T>(method, path, { text, type: contentType });
}

async function send<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body: { readonly text: string; readonly type: string } | undefined,
  signal?: AbortSignal,
): Promise<T> {
  const epoch = sessionEpoch;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = body.type;
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    ...(body === undefined ? {} : { body: body.text }),
    ...(signal === undefined ? {} : { signal }),
  });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    // A proxy's HTML error page: the status says enough.
  }
  const ended = response.status === 401 && epoch === sessionEpoch && !path.startsWith('/v1/session/sign-in');
  if (ended) for (const listener of endedListeners) listener();
  if (!response.ok) throw new ApiError(response.status, messageOf(parsed, response.status), parsed);
  return parsed as T;
}
