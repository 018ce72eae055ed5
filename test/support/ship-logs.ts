/** Sends logs to a running test app's Logz.io listener (`POST /?token=…&type=…`, NDJSON) over real HTTP. */
export async function shipLogs(listenerUrl: string, token: string, type: string, logs: readonly Record<string, unknown>[]): Promise<void> {
  const body = logs.map((log) => JSON.stringify(log)).join('\n');
  const response = await fetch(`${listenerUrl}/?token=${encodeURIComponent(token)}&type=${encodeURIComponent(type)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  if (response.status !== 200) throw new Error(`listener answered ${response.status}: ${await response.text()}`);
}
