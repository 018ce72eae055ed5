import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startService, type RunningService } from './child-process.js';
import { freePort } from './external-process.js';

export const PROCESS_API_TOKEN = 'suite-api-token-00000000000000001';
export const PROCESS_SHIPPING_TOKEN = 'suiteshippingtoken00000000000001';

export interface LogwardProcess {
  readonly service: RunningService;
  readonly apiUrl: string;
  readonly listenerUrl: string;
  /** /health, /ready and /metrics of any role (LOGWARD_OPS_PORT). */
  readonly opsUrl: string;
  readonly apiToken: string;
  readonly shippingToken: string;
  readonly dataDir: string;
  /** True while the process has not exited. */
  alive(): boolean;
  /** SIGTERM and wait; with `keepData` the data dir stays for a restart. */
  stop(options?: { keepData?: boolean }): Promise<number | null>;
  /** SIGKILL and wait (the data dir stays). */
  kill(): Promise<void>;
}

/**
 * The whole service as `npm start` runs it (src/main.ts in a child process, all roles unless told), on free ports
 * and a data dir of its own, with known bootstrap tokens: the suites talk to it over HTTP only.
 */
export async function startLogwardProcess(
  options: { env?: Readonly<Record<string, string>>; dataDir?: string; startTimeoutMs?: number } = {},
): Promise<LogwardProcess> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'logward-suite-'));
  const apiPort = await freePort();
  const listenerPort = await freePort();
  const opsPort = await freePort();
  const service = startService({
    LOGWARD_DATA_DIR: dataDir,
    LOGWARD_API_HOST: '127.0.0.1',
    LOGWARD_API_PORT: String(apiPort),
    LOGWARD_LISTENER_PORT: String(listenerPort),
    LOGWARD_SYSLOG_TCP_PORT: String(await freePort()),
    LOGWARD_SYSLOG_UDP_PORT: String(await freePort()),
    LOGWARD_OPS_PORT: String(opsPort),
    LOGWARD_BOOTSTRAP_API_TOKEN: PROCESS_API_TOKEN,
    LOGWARD_BOOTSTRAP_SHIPPING_TOKEN: PROCESS_SHIPPING_TOKEN,
    LOGWARD_LOG_STORE_MEMORY_MB: '512',
    LOGWARD_LOG_LEVEL: 'warn',
    // The suites' webhook receivers are on loopback, which user-given URLs may not reach by default (decision 0350).
    LOGWARD_OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8',
    ...options.env,
  });
  let exited = false;
  // A suite that dies (or is stopped by a signal, see exitOnSignals) must not leave the service running.
  const killOnExit = (): void => {
    if (!exited) service.child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  // Long runs start hundreds of services: a dead one's listener goes with it.
  void service.exited.then(() => {
    exited = true;
    process.off('exit', killOnExit);
  });
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const listenerUrl = `http://127.0.0.1:${listenerPort}`;
  const opsUrl = `http://127.0.0.1:${opsPort}`;
  // The ops port listens once every role has started.
  const probeUrl = `${opsUrl}/ready`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 120_000);
  for (;;) {
    const up = await fetch(probeUrl).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (exited || Date.now() > deadline) {
      service.child.kill('SIGKILL');
      throw new Error(`the service did not start (${exited ? 'it exited' : 'timed out'}):\n${service.stderr().slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    service,
    apiUrl,
    listenerUrl,
    opsUrl,
    apiToken: PROCESS_API_TOKEN,
    shippingToken: PROCESS_SHIPPING_TOKEN,
    dataDir,
    alive: () => !exited,
    async stop(stopOptions = {}) {
      if (!exited) service.child.kill('SIGTERM');
      const code = await service.exited;
      if (stopOptions.keepData !== true && options.dataDir === undefined) fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
    async kill() {
      if (!exited) service.child.kill('SIGKILL');
      await service.exited;
    },
  };
}

/** For the long-run scripts: Ctrl-C or SIGTERM exits through 'exit', so the services they started are killed. */
export function exitOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
}

/** One JSON API call over real HTTP with an API token; answers the status and the parsed (or raw) body. */
export async function apiCall(
  base: string,
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: unknown; text: string }> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { 'x-api-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON (e.g. _cat): keep the text.
  }
  return { status: response.status, body: parsed, text };
}
