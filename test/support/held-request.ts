import http from 'node:http';

/**
 * A search request the api has counted in flight (authenticated, its body not yet all sent) until `finish`: holds
 * a place under LOGWARD_MAX_CONCURRENT_REQUESTS for as long as a test needs, without a slow search.
 */
export async function heldRequest(apiUrl: string, token: string): Promise<{ finish(): Promise<number> }> {
  const body = JSON.stringify({ query: { match_all: {} }, size: 1 });
  const url = new URL('/v1/search', apiUrl);
  const request = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    headers: { 'x-api-token': token, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answered = new Promise<number>((resolve, reject) => {
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, 5));
  request.flushHeaders();
  return {
    async finish() {
      request.end(body.slice(5));
      return answered;
    },
  };
}

/** A failed sign-in attempt (a password nobody has) on one api process. */
export async function failedSignIn(apiUrl: string, email: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${apiUrl}/v1/session/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'not the password 123' }),
  });
  return { status: response.status, text: await response.text() };
}
