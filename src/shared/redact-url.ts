const SECRET_PARAMS = /([?&](?:token|api_key|apikey|password)=)[^&#]*/gi;

/** A URL fit for logs: secret query parameters (the listener's `?token=`) are replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}
