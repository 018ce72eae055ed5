import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config/index.js';
import { startService, waitFor } from '../support/child-process.js';
import { freePort } from '../support/external-process.js';
import { openLogReader } from '../support/log-reader.js';

const LOGS_PER_REQUEST = 50;
const SENDERS = 4;
const TOKEN = 'crashtestshippingtoken0000000001';

export interface IngestCrashReport {
  readonly trials: number;
  readonly acknowledged: number;
  readonly storedWhole: number;
  /** Acknowledged requests with logs missing. */
  readonly lost: readonly number[];
  /** Requests stored partly or twice. */
  readonly broken: readonly (readonly [number, { rows: number; seqs: number }])[];
  readonly durationMs: number;
}

function requestBody(request: number): string {
  return Array.from({ length: LOGS_PER_REQUEST }, (_, i) =>
    JSON.stringify({ message: `crash ${request}.${i}`, req: request, seq: request * LOGS_PER_REQUEST + i }),
  ).join('\n');
}

/**
 * kill -9 during sustained ingest: the real app (src/main.ts, ingest role, embedded chDB) in a child process, senders
 * recording which requests were acknowledged, a random kill, a restart on the same data; then what the store holds.
 */
export async function runIngestCrashTrials(options: { trials: number; onTrial?: (trial: number) => void }): Promise<IngestCrashReport> {
  const started = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-crash-'));
  try {
    const acknowledged = new Set<number>();
    let nextRequest = 0;
    for (let trial = 0; trial < options.trials; trial += 1) {
      const port = await freePort();
      const service = startService({
        LOGWARD_DATA_DIR: dataDir,
        LOGWARD_ROLES: 'ingest',
        LOGWARD_API_HOST: '127.0.0.1',
        LOGWARD_LISTENER_PORT: String(port),
        LOGWARD_SYSLOG_TCP_PORT: String(await freePort()),
        LOGWARD_SYSLOG_UDP_PORT: String(await freePort()),
        LOGWARD_BOOTSTRAP_SHIPPING_TOKEN: TOKEN,
        LOGWARD_LOG_STORE_MEMORY_MB: '512',
        LOGWARD_LOG_LEVEL: 'warn',
      });
      const url = `http://127.0.0.1:${port}`;
      await waitFor(
        async () => ((await fetch(`${url}/`)).ok ? true : undefined),
        // A restart after kill -9 recovers the store's parts; beside the alert crash trials in the full suite this
        // has taken over a minute on a 2-core machine.
        180_000,
        `listener of trial ${trial}\n${service.stderr()}`,
      );
      let killed = false;
      const sender = async (): Promise<void> => {
        while (!killed) {
          const request = nextRequest++;
          try {
            const response = await fetch(`${url}/?token=${TOKEN}&type=crash`, {
              method: 'POST',
              body: requestBody(request),
              headers: { 'content-type': 'text/plain' },
            });
            await response.arrayBuffer();
            if (response.status === 200) acknowledged.add(request);
          } catch {
            return;
          }
        }
      };
      const senders = Array.from({ length: SENDERS }, () => sender());
      await new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * 800));
      killed = true;
      service.child.kill('SIGKILL');
      await service.exited;
      await Promise.all(senders);
      options.onTrial?.(trial);
    }
    const reader = openLogReader(loadConfig({ LOGWARD_DATA_DIR: dataDir }));
    try {
      const perRequest = await reader.rows<{ req: number; rows: string | number; seqs: string | number }>(
        "SELECT toUInt64(num['req']) AS req, count() AS rows, uniqExact(num['seq']) AS seqs FROM logs WHERE type = 'crash' GROUP BY req",
      );
      const stored = new Map(perRequest.map((row) => [Number(row.req), { rows: Number(row.rows), seqs: Number(row.seqs) }]));
      return {
        trials: options.trials,
        acknowledged: acknowledged.size,
        storedWhole: [...stored.values()].filter((c) => c.rows === LOGS_PER_REQUEST && c.seqs === LOGS_PER_REQUEST).length,
        lost: [...acknowledged].filter((request) => stored.get(request)?.seqs !== LOGS_PER_REQUEST),
        broken: [...stored].filter(([, counts]) => counts.rows !== LOGS_PER_REQUEST || counts.seqs !== LOGS_PER_REQUEST),
        durationMs: Date.now() - started,
      };
    } finally {
      reader.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
