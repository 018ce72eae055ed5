import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { loadConfig } from '../../src/config/index.js';
import { startService, waitFor } from '../support/child-process.js';
import { freePort } from '../support/external-process.js';
import { openLogReader } from '../support/log-reader.js';

const TRIALS = Number(process.env.LOGWARD_CRASH_TRIALS ?? 20);
const LOGS_PER_REQUEST = 50;
const SENDERS = 4;
const TOKEN = 'crashtestshippingtoken0000000001';

function requestBody(request: number): string {
  return Array.from({ length: LOGS_PER_REQUEST }, (_, i) => JSON.stringify({ message: `crash ${request}.${i}`, req: request, seq: request * LOGS_PER_REQUEST + i })).join('\n');
}

/**
 * kill -9 during sustained ingest: the real app (src/main.ts, ingest role, embedded chDB) in a child
 * process, senders recording which requests were acknowledged, a random kill, a restart on the same data.
 * Afterwards every acknowledged log is stored exactly once, and every request is stored whole or not at all.
 */
describe('ingest survives kill -9 without losing or half-storing acknowledged logs', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-crash-'));
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it(`holds over ${TRIALS} kills`, async (t) => {
    const acknowledged = new Set<number>();
    let nextRequest = 0;
    for (let trial = 0; trial < TRIALS; trial += 1) {
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
      await waitFor(async () => ((await fetch(`${url}/`)).ok ? true : undefined), 20_000, `listener of trial ${trial}\n${service.stderr()}`);
      let killed = false;
      const sender = async (): Promise<void> => {
        while (!killed) {
          const request = nextRequest++;
          try {
            const response = await fetch(`${url}/?token=${TOKEN}&type=crash`, { method: 'POST', body: requestBody(request), headers: { 'content-type': 'text/plain' } });
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
    }
    assert.ok(acknowledged.size > TRIALS, `only ${acknowledged.size} requests were acknowledged`);

    const config = loadConfig({ LOGWARD_DATA_DIR: dataDir });
    const reader = openLogReader(config);
    try {
      const perRequest = await reader.rows<{ req: number; rows: string | number; seqs: string | number }>(
        "SELECT toUInt64(num['req']) AS req, count() AS rows, uniqExact(num['seq']) AS seqs FROM logs WHERE type = 'crash' GROUP BY req",
      );
      const stored = new Map(perRequest.map((row) => [Number(row.req), { rows: Number(row.rows), seqs: Number(row.seqs) }]));
      const lost = [...acknowledged].filter((request) => stored.get(request)?.seqs !== LOGS_PER_REQUEST);
      assert.deepEqual(lost, [], 'acknowledged requests missing logs');
      const broken = [...stored].filter(([, counts]) => counts.rows !== LOGS_PER_REQUEST || counts.seqs !== LOGS_PER_REQUEST);
      assert.deepEqual(broken, [], 'requests stored partly or twice');
      t.diagnostic(`${TRIALS} kills: ${acknowledged.size} requests acknowledged, ${stored.size} stored whole, none lost or partial`);
    } finally {
      reader.close();
    }
  });
});
