import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import pino from 'pino';
import { startClickHouseHttpOverChdb, type ClickHouseHttpOverChdb } from '../../../test/support/clickhouse-http-over-chdb.js';
import { createManualClock } from '../../shared/clock.js';
import { CONTRACT_NOW_MS, logStoreContract } from '../conformance/log-store.contract.js';
import { openLogStoreTransport } from '../open-log-store.js';
import { clickHouseSchemaBehaviour } from './clickhouse-schema.behaviour.js';
import { createClickHouseLogStore } from './clickhouse-log-store.js';
import type { ClickHouseTransport } from './transport.js';

// The stock HTTP client, by URL, against a real engine: chDB behind the ClickHouse HTTP interface.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-chhttp-'));
let server: ClickHouseHttpOverChdb;
let transport: ClickHouseTransport;
before(async () => {
  server = await startClickHouseHttpOverChdb(dir);
  transport = openLogStoreTransport({ url: server.url, memoryBytes: 1_000_000_000 });
});
after(async () => {
  await transport.close();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function openShared() {
  const store = await createClickHouseLogStore({
    transport,
    clock: createManualClock(CONTRACT_NOW_MS),
    logger: pino({ level: 'silent' }),
    // The behaviour suite's accounts are small: their words are counted ahead from 100 logs of a part.
    wordCountLimits: { minAccountLogs: 100, minShare: 0.1, maxWords: 64, minPartAgeMs: 0 },
  });
  return { store: { ...store, close: async () => {} }, transport, dispose: async () => {} };
}

logStoreContract('HTTP (@clickhouse/client)', openShared);
clickHouseSchemaBehaviour('HTTP (@clickhouse/client)', openShared);
