import http from 'node:http';
import { runCli } from '../support/child-process.js';
import { freePort } from '../support/external-process.js';
import { apiCall, startLogwardProcess } from '../support/logward-process.js';
import { runFuzz, type FuzzReport } from './run-fuzz.js';

export interface FuzzRun {
  readonly report: FuzzReport;
  /** What the server answered after the fuzz: process alive, /health, whoami and a search. */
  readonly healthAfter: { readonly alive: boolean; readonly health: number; readonly whoami: number; readonly search: number };
}

/**
 * The service as a process, fuzzed route by route from its own OpenAPI document, then probed for health.
 * Generated URLs point at a port that refuses connections, so test deliveries never leave the machine.
 */
export async function fuzzService(options: {
  seed: number;
  casesPerRoute: number;
  concurrency: number;
  onProgress?: (done: number, total: number) => void;
}): Promise<FuzzRun> {
  // No scheduler: alerts the fuzz creates must not fire to the endpoints it creates (some are third-party services).
  const service = await startLogwardProcess({ env: { LOGWARD_ROLES: 'api,ingest' } });
  // A receiver that answers every delivery at once (a closed port would do, but some routes wait on retries).
  const receiver = http.createServer((req, res) => req.resume().on('end', () => res.end('{}')));
  const receiverPort = await freePort();
  await new Promise<void>((resolve) => receiver.listen(receiverPort, '127.0.0.1', resolve));
  try {
    await fetch(`${service.listenerUrl}/?token=${service.shippingToken}&type=app`, {
      method: 'POST',
      body: Array.from({ length: 50 }, (_, n) =>
        JSON.stringify({ message: `fuzz seed log ${n} error login`, level: n % 2 === 0 ? 'error' : 'info', n, user: `u${n % 5}` }),
      ).join('\n'),
    });
    // Insights and shared tokens answer 403 until the operator grants them: grant both so their routes are fuzzed.
    const { accountId } = (await apiCall(service.apiUrl, service.apiToken, 'GET', '/v2/whoami')).body as { accountId: number };
    for (const feature of ['insights', 'shared-tokens']) {
      const granted = runCli(['accounts', 'grant', String(accountId), feature], { LOGWARD_DATA_DIR: service.dataDir });
      if (granted.status !== 0) throw new Error(`granting ${feature} failed: ${granted.stderr}`);
    }
    const report = await runFuzz({
      apiUrl: service.apiUrl,
      apiToken: service.apiToken,
      deadUrl: `http://127.0.0.1:${receiverPort}/fuzz`,
      ...options,
    });
    const health = (await fetch(`${service.apiUrl}/health`)).status;
    const whoami = (await apiCall(service.apiUrl, service.apiToken, 'GET', '/v2/whoami')).status;
    const search = (
      await apiCall(service.apiUrl, service.apiToken, 'POST', '/v1/search', { query: { query_string: { query: '*' } }, size: 1 })
    ).status;
    return { report, healthAfter: { alive: service.alive(), health, whoami, search } };
  } finally {
    receiver.close();
    await service.stop();
  }
}
