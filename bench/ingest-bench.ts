/**
 * `npm run bench:ingest [-- --lines=1000000]`: ingest speed and on-disk size of the log store, on the
 * deterministic generator plus the real logs of the shared datasets. Parts, in one run on one engine:
 *   raw    — pre-encoded JSONEachRow rows inserted straight into a copy of the table (the engine's ceiling);
 *   append — NDJSON text → JSON.parse → flatten → LogStore.append (what ingest pays besides HTTP);
 *   disk   — active parts of `logs` after OPTIMIZE FINAL, per byte of raw NDJSON.
 * Figures go to docs/benchmarks.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { systemClock } from '../src/shared/clock.js';
import { createClickHouseLogStore } from '../src/storage/clickhouse/clickhouse-log-store.js';
import { encodeLogRow } from '../src/storage/clickhouse/row-encoder.js';
import { openLogStoreTransport } from '../src/storage/open-log-store.js';
import type { LogDocument } from '../src/storage/log-store.js';
import { datasetLines, documentOf } from './bench-documents.js';
import { BENCH_START_MS, generateLogs } from './generate-logs.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argument = (name: string, fallback: number) => {
  const found = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  return found === undefined ? fallback : Number(found.split('=')[1]);
};
const LINES = argument('lines', 1_000_000);
const BATCH = argument('batch', 10_000);
const ACCOUNTS = [1001, 1002, 1003];
const datasets = fs.existsSync(path.resolve(repoRoot, '../shared/datasets')) ? path.resolve(repoRoot, '../shared/datasets') : '/work/shared/datasets';

interface Batch {
  readonly accountId: number;
  readonly lines: string[];
  bytes: number;
}

function buildBatches(): { batches: Batch[]; rawBytes: number; lineCount: number } {
  const open = ACCOUNTS.map((accountId) => ({ accountId, lines: [] as string[], bytes: 0 }));
  const batches: Batch[] = [];
  let rawBytes = 0;
  let lineCount = 0;
  const add = (accountIndex: number, line: string) => {
    const batch = open[accountIndex] ?? open[0];
    if (batch === undefined) return;
    batch.lines.push(line);
    batch.bytes += Buffer.byteLength(line) + 1;
    rawBytes += Buffer.byteLength(line) + 1;
    lineCount += 1;
    if (batch.lines.length >= BATCH) {
      batches.push({ ...batch, lines: batch.lines });
      open[accountIndex] = { accountId: batch.accountId, lines: [], bytes: 0 };
    }
  };
  for (const { account, line } of generateLogs(LINES)) add(account, line);
  for (const line of datasetLines(datasets, BENCH_START_MS)) add(0, line);
  for (const batch of open) if (batch.lines.length > 0) batches.push(batch);
  return { batches, rawBytes, lineCount };
}

const mb = (bytes: number) => bytes / 1_000_000;
const rate = (count: number, ms: number) => Math.round((count / ms) * 1000);

async function main(): Promise<void> {
  const dataDir = path.join(repoRoot, 'bench', '.out', `ingest-${Date.now()}`);
  const { batches, rawBytes, lineCount } = buildBatches();
  const transport = openLogStoreTransport({ url: `chdb:${dataDir}`, memoryBytes: 2_000_000_000 });
  const store = await createClickHouseLogStore({ transport, clock: systemClock, logger: pino({ level: 'silent' }) });
  const keep = { retentionDaysOf: () => 3650 };
  const receivedAtMs = Date.now();

  // JS side alone: parse + flatten + encode (the same work append does before the engine).
  let started = performance.now();
  const encoded: Buffer[] = [];
  const sink = { seen: () => undefined };
  for (const batch of batches) {
    const rows = batch.lines.map((line) => encodeLogRow(documentOf(line, batch.accountId, receivedAtMs), 3650, sink));
    encoded.push(Buffer.from(rows.join('\n')));
  }
  const jsMs = performance.now() - started;

  await transport.exec('CREATE TABLE raw_logs AS logs');
  started = performance.now();
  for (const [i, rows] of encoded.entries()) await transport.insertJsonEachRow('raw_logs', rows, { insert_deduplication_token: `raw-${i}` });
  const rawMs = performance.now() - started;
  encoded.length = 0;

  // Append as ingest does it: two batches in flight, so parsing the next overlaps the engine's insert.
  started = performance.now();
  const inFlight = new Set<Promise<void>>();
  for (const [i, batch] of batches.entries()) {
    const documents: LogDocument[] = batch.lines.map((line) => documentOf(line, batch.accountId, receivedAtMs));
    const done = store.append(documents, { ...keep, dedupToken: `append-${i}` }).finally(() => inFlight.delete(done));
    inFlight.add(done);
    if (inFlight.size >= 2) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  const appendMs = performance.now() - started;

  await transport.exec('OPTIMIZE TABLE logs FINAL');
  const [disk] = await transport.query<{ bytes: number; rows: number }>(
    "SELECT sum(bytes_on_disk) AS bytes, sum(rows) AS rows FROM system.parts WHERE active AND database = currentDatabase() AND table = 'logs'",
  );
  const columns = await transport.query<{ name: string; bytes: number }>(
    "SELECT name, sum(data_compressed_bytes) AS bytes FROM system.columns WHERE database = currentDatabase() AND table = 'logs' GROUP BY name ORDER BY bytes DESC LIMIT 8",
  );
  const [index] = await transport.query<{ bytes: number }>(
    "SELECT sum(secondary_indices_compressed_bytes) AS bytes FROM system.parts WHERE active AND database = currentDatabase() AND table = 'logs'",
  );
  await store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const report = {
    lines: lineCount,
    rawNdjsonMB: Number(mb(rawBytes).toFixed(1)),
    bytesPerLine: Math.round(rawBytes / lineCount),
    batchRows: BATCH,
    jsParseEncode: { logsPerSecond: rate(lineCount, jsMs), seconds: Number((jsMs / 1000).toFixed(2)) },
    rawInsert: { logsPerSecond: rate(lineCount, rawMs), mbPerSecond: Number((mb(rawBytes) / (rawMs / 1000)).toFixed(1)) },
    append: { logsPerSecond: rate(lineCount, appendMs), mbPerSecond: Number((mb(rawBytes) / (appendMs / 1000)).toFixed(1)) },
    appendVsRaw: Number((rawMs / appendMs).toFixed(2)),
    disk: {
      storedRows: disk?.rows,
      bytes: disk?.bytes,
      perRawByte: Number(((disk?.bytes ?? 0) / rawBytes).toFixed(3)),
      textIndexBytes: index?.bytes,
      largestColumns: Object.fromEntries(columns.map((column) => [column.name, column.bytes])),
    },
  };
  console.log(JSON.stringify(report, null, 2));
}

await main();
