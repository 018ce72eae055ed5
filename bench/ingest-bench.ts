/**
 * `npm run bench:ingest [-- --lines=1000000]`: ingest speed and on-disk size of the log store, on the
 * deterministic generator plus the real logs of the shared datasets. Parts, in one run on one engine:
 *   raw    — pre-encoded JSONEachRow rows inserted straight into a copy of the table (the engine's ceiling);
 *   append — NDJSON text → JSON.parse → flatten → LogStore.append (what ingest pays besides HTTP);
 *   merge  — the same rows as the service's batches into copies of the table with and without the all-fields indexes
 *            (issue 16), merges held, then merged into one part: CPU per log of the inserts and of one level of merges;
 *   disk   — active parts of `logs` after OPTIMIZE FINAL, per byte of raw NDJSON;
 *   http   — the whole app (ingest role) on the same data directory, the same NDJSON POSTed to the Logz.io
 *            listener by concurrent senders on a worker thread, acknowledged once durable.
 * Figures go to docs/benchmarks.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { systemClock } from '../src/shared/clock.js';
import { createClickHouseLogStore } from '../src/storage/clickhouse/clickhouse-log-store.js';
import { encodeLogRow } from '../src/storage/clickhouse/row-encoder.js';
import { createRowsBuffer } from '../src/storage/clickhouse/rows-buffer.js';
import { openLogStoreTransport } from '../src/storage/open-log-store.js';
import type { ClickHouseTransport } from '../src/storage/clickhouse/transport.js';
import type { LogDocument } from '../src/storage/log-store.js';
import { FIELDS_PAIRS_INDEX, FIELDS_TEXT_INDEX } from '../src/storage/clickhouse/log-table-schema.js';
import { sqlString } from '../src/storage/clickhouse/sql-literals.js';
import { datasetLines, documentOf } from './bench-documents.js';
import { BENCH_START_MS, generateLogs } from './generate-logs.js';
import { cpuSecondsSince, endToEnd, perCpu, rate, settleDisk } from './ingest-end-to-end.js';
import { datasetArgument } from './bench-datasets.js';
import { realIngestBench } from './real-logs/real-ingest-bench.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argument = (name: string, fallback: number) => {
  const found = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  return found === undefined ? fallback : Number(found.split('=')[1]);
};
const LINES = argument('lines', 1_000_000);
const BATCH = argument('batch', 10_000);
const SENDERS = argument('senders', 16);
// The rows of a store batch under load (src/ingest/batcher.ts closes batches at 100,000).
const SERVICE_BATCH = 100_000;
// Runs of the raw insert and of the end-to-end phase: the report gives each run and the medians.
const RUNS = argument('runs', 1);
const ACCOUNTS = [1001, 1002, 1003];
const datasets = fs.existsSync(path.resolve(repoRoot, '../shared/datasets'))
  ? path.resolve(repoRoot, '../shared/datasets')
  : '/work/shared/datasets';

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
const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? Number.NaN;

async function diskOf(transport: ClickHouseTransport) {
  await transport.exec('OPTIMIZE TABLE logs FINAL');
  const [disk] = await transport.query<{ bytes: number; rows: number; index: number }>(
    'SELECT sum(bytes_on_disk) AS bytes, sum(rows) AS rows, sum(secondary_indices_compressed_bytes) AS index' +
      " FROM system.parts WHERE active AND database = currentDatabase() AND table = 'logs'",
  );
  return { bytes: disk?.bytes ?? 0, rows: disk?.rows ?? 0, indexBytes: disk?.index ?? 0 };
}

type IndexVariant = 'with' | 'without';

/**
 * Wall seconds of a merge's stages, from the engine's counters. A text index whose expression reads several columns
 * puts all of them in the horizontal stage (issue 16's `fields_text` reads 13); one that reads one column is merged
 * with it in the vertical stage.
 */
type MergeStages = Record<'horizontal' | 'vertical' | 'textIndex' | 'projection', number>;
const MERGE_STAGE_EVENTS: Record<keyof MergeStages, string> = {
  horizontal: 'MergeHorizontalStageTotalMilliseconds',
  vertical: 'MergeVerticalStageTotalMilliseconds',
  textIndex: 'MergeTextIndexStageTotalMilliseconds',
  projection: 'MergeProjectionStageTotalMilliseconds',
};

async function mergeStageMillis(transport: ClickHouseTransport): Promise<Map<string, number>> {
  const events = await transport.query<{ event: string; value: number }>(
    `SELECT event, value FROM system.events WHERE event IN (${Object.values(MERGE_STAGE_EVENTS).map(sqlString).join(', ')})`,
  );
  return new Map(events.map((row) => [row.event, Number(row.value)]));
}

function stagesSince(before: ReadonlyMap<string, number>, after: ReadonlyMap<string, number>): MergeStages {
  const seconds = (event: string) => Number((((after.get(event) ?? 0) - (before.get(event) ?? 0)) / 1000).toFixed(2));
  return {
    horizontal: seconds(MERGE_STAGE_EVENTS.horizontal),
    vertical: seconds(MERGE_STAGE_EVENTS.vertical),
    textIndex: seconds(MERGE_STAGE_EVENTS.textIndex),
    projection: seconds(MERGE_STAGE_EVENTS.projection),
  };
}

/**
 * What the all-fields indexes (issue 16) cost the engine, apart from the encoder: the service's batches inserted into
 * a copy of the table with them and one without (`fields_text`, `fields_pairs` dropped; the rows are the same), merges
 * held, then the parts merged into one. The end-to-end phase sees only the first merges of a fresh table, while a
 * store that runs for days merges each log again at every level: the merge figure is what one more level costs.
 */
async function mergeLevel(transport: ClickHouseTransport, batches: readonly Buffer[], rows: number) {
  const runs: Record<IndexVariant, { insert: number[]; merge: number[]; stages: MergeStages[] }> = {
    with: { insert: [], merge: [], stages: [] },
    without: { insert: [], merge: [], stages: [] },
  };
  for (let run = 0; run < RUNS; run += 1) {
    const order: IndexVariant[] = run % 2 === 0 ? ['with', 'without'] : ['without', 'with'];
    for (const variant of order) {
      settleDisk();
      const table = `merge_${variant}_${run}`;
      await transport.exec(`CREATE TABLE ${table} AS logs`);
      // IF EXISTS: the same bench then runs on a tree whose schema has neither index (the A/B runs of issue 16).
      if (variant === 'without')
        for (const index of [FIELDS_TEXT_INDEX, FIELDS_PAIRS_INDEX])
          await transport.exec(`ALTER TABLE ${table} DROP INDEX IF EXISTS ${index}`);
      await transport.exec(`SYSTEM STOP MERGES ${table}`);
      let cpu = process.cpuUsage();
      for (const [i, rows] of batches.entries())
        await transport.insertJsonEachRow(table, rows, { insert_deduplication_token: `merge-${i}` });
      runs[variant].insert.push(cpuSecondsSince(cpu));
      await transport.exec(`SYSTEM START MERGES ${table}`);
      const stagesBefore = await mergeStageMillis(transport);
      cpu = process.cpuUsage();
      await transport.exec(`OPTIMIZE TABLE ${table} FINAL`);
      runs[variant].merge.push(cpuSecondsSince(cpu));
      runs[variant].stages.push(stagesSince(stagesBefore, await mergeStageMillis(transport)));
      await transport.exec(`DROP TABLE ${table} SYNC`);
    }
  }
  const micros = (seconds: readonly number[]) => Number(((median(seconds) / rows) * 1e6).toFixed(2));
  const figures = (variant: IndexVariant) => ({
    insertMicrosPerLog: micros(runs[variant].insert),
    mergeMicrosPerLog: micros(runs[variant].merge),
    insertCpuSeconds: runs[variant].insert.map((seconds) => Number(seconds.toFixed(2))),
    mergeCpuSeconds: runs[variant].merge.map((seconds) => Number(seconds.toFixed(2))),
    mergeStageSeconds: runs[variant].stages,
  });
  return { parts: batches.length, rows, with: figures('with'), without: figures('without') };
}

async function main(): Promise<void> {
  const dataDir = path.join(repoRoot, 'bench', '.out', `ingest-${Date.now()}`);
  const { batches, rawBytes, lineCount } = buildBatches();
  const transport = openLogStoreTransport({ url: `chdb:${dataDir}`, memoryBytes: 2_000_000_000 });
  const store = await createClickHouseLogStore({ transport, clock: systemClock, logger: pino({ level: 'silent' }) });
  const keep = { retentionDaysOf: () => 3650 };
  const receivedAtMs = Date.now();

  // JS side alone: parse + flatten + encode (the same work append does before the engine).
  let started = performance.now();
  let cpu = process.cpuUsage();
  const encoded: Buffer[] = [];
  const sink = { seen: () => undefined, valueSeen: () => undefined };
  for (const batch of batches) {
    const rows = createRowsBuffer();
    for (const line of batch.lines) rows.push(encodeLogRow(documentOf(line, batch.accountId, receivedAtMs), 3650, sink));
    encoded.push(rows.bytes());
  }
  const jsMs = performance.now() - started;
  const jsCpu = cpuSecondsSince(cpu);

  // First, while no other table of this run merges in the background: each run in a process and directory of its own.
  const httpRuns: Awaited<ReturnType<typeof endToEnd>>[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    settleDisk();
    httpRuns.push(
      await endToEnd(`${dataDir}-http-${run}`, {
        lineCount,
        senders: SENDERS,
        requests: (tokens) =>
          batches.map((batch) => ({ token: tokens[ACCOUNTS.indexOf(batch.accountId)] ?? '', body: batch.lines.join('\n') })),
      }),
    );
    fs.rmSync(`${dataDir}-http-${run}`, { recursive: true, force: true });
  }
  const byRate = [...httpRuns].sort((a, b) => a.logsPerSecond - b.logsPerSecond);
  const http = byRate[Math.floor((byRate.length - 1) / 2)] ?? httpRuns[0];
  if (http === undefined) throw new Error('no end-to-end run');

  // The engine's ceiling for this schema, as the requests arrive (BATCH rows per insert), into fresh tables.
  const rawRuns: { ms: number; cpu: number }[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    settleDisk();
    await transport.exec(`CREATE TABLE raw_logs_${run} AS logs`);
    started = performance.now();
    cpu = process.cpuUsage();
    for (const [i, rows] of encoded.entries())
      await transport.insertJsonEachRow(`raw_logs_${run}`, rows, { insert_deduplication_token: `raw-${i}` });
    rawRuns.push({ ms: performance.now() - started, cpu: cpuSecondsSince(cpu) });
    // Its merges would otherwise run on under the next measurement.
    await transport.exec(`DROP TABLE raw_logs_${run} SYNC`);
  }
  const rawMs = median(rawRuns.map((run) => run.ms));
  const rawCpu = median(rawRuns.map((run) => run.cpu));
  // The same rows in inserts as large as the service's batches (SERVICE_BATCH rows): the engine's best case.
  const serviceBatches: Buffer[] = [];
  for (let i = 0; i < encoded.length; i += SERVICE_BATCH / BATCH) {
    const group = encoded.slice(i, i + SERVICE_BATCH / BATCH);
    serviceBatches.push(Buffer.concat(group.flatMap((rows, j) => (j === 0 ? [rows] : [Buffer.from('\n'), rows]))));
  }
  const rawLargeRuns: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    settleDisk();
    await transport.exec(`CREATE TABLE raw_large_${run} AS logs`);
    started = performance.now();
    for (const [i, rows] of serviceBatches.entries())
      await transport.insertJsonEachRow(`raw_large_${run}`, rows, { insert_deduplication_token: `large-${i}` });
    rawLargeRuns.push(performance.now() - started);
    await transport.exec(`DROP TABLE raw_large_${run} SYNC`);
  }
  const merge = await mergeLevel(transport, serviceBatches, lineCount);
  serviceBatches.length = 0;
  encoded.length = 0;

  // Append as ingest does it: two batches in flight, so parsing the next overlaps the engine's insert.
  started = performance.now();
  cpu = process.cpuUsage();
  const inFlight = new Set<Promise<void>>();
  for (const [i, batch] of batches.entries()) {
    const documents: LogDocument[] = batch.lines.map((line) => documentOf(line, batch.accountId, receivedAtMs));
    const done = store.append(documents, { ...keep, dedupToken: `append-${i}` }).finally(() => inFlight.delete(done));
    inFlight.add(done);
    if (inFlight.size >= 2) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  const appendMs = performance.now() - started;
  const appendCpu = cpuSecondsSince(cpu);

  const disk = await diskOf(transport);
  const columns = await transport.query<{ name: string; bytes: number }>(
    "SELECT name, sum(data_compressed_bytes) AS bytes FROM system.columns WHERE database = currentDatabase() AND table = 'logs' GROUP BY name ORDER BY bytes DESC LIMIT 8",
  );
  await store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const report = {
    lines: lineCount,
    rawNdjsonMB: Number(mb(rawBytes).toFixed(1)),
    bytesPerLine: Math.round(rawBytes / lineCount),
    batchRows: BATCH,
    jsParseEncode: { logsPerSecond: rate(lineCount, jsMs), ...perCpu(lineCount, jsCpu) },
    rawInsert: {
      logsPerSecond: rate(lineCount, rawMs),
      mbPerSecond: Number((mb(rawBytes) / (rawMs / 1000)).toFixed(1)),
      ...perCpu(lineCount, rawCpu),
    },
    append: {
      logsPerSecond: rate(lineCount, appendMs),
      mbPerSecond: Number((mb(rawBytes) / (appendMs / 1000)).toFixed(1)),
      ...perCpu(lineCount, appendCpu),
    },
    appendVsRaw: Number((rawMs / appendMs).toFixed(2)),
    rawInsertRuns: rawRuns.map((run) => rate(lineCount, run.ms)),
    rawInsertServiceBatches: {
      rows: SERVICE_BATCH,
      logsPerSecond: rate(lineCount, median(rawLargeRuns)),
      runs: rawLargeRuns.map((ms) => rate(lineCount, ms)),
    },
    http: {
      ...http,
      diskPerRawByte: Number((http.diskBytes / rawBytes).toFixed(3)),
      mbPerSecond: Number((mb(rawBytes) / (http.ms / 1000)).toFixed(1)),
      vsRaw: Number((rawMs / http.ms).toFixed(2)),
      senders: SENDERS,
    },
    httpRuns: httpRuns.map((run) => run.logsPerSecond),
    // Each run's logs per CPU-second, and the server's CPU-seconds in all and in the engine's merge threads.
    httpRunsCpu: httpRuns.map((run) => ({
      logsPerCpuSecond: run.logsPerCpuSecond,
      serverCpuSeconds: run.serverCpuSeconds,
      mergeThreadsCpuSeconds: run.serverMergeThreadsCpuSeconds,
    })),
    allFieldsIndexes: merge,
    disk: {
      storedRows: disk.rows,
      bytes: disk.bytes,
      perRawByte: Number((disk.bytes / rawBytes).toFixed(3)),
      textIndexBytes: disk.indexBytes,
      largestColumns: Object.fromEntries(columns.map((column) => [column.name, column.bytes])),
    },
  };
  console.log(JSON.stringify(report, null, 2));
}

await (datasetArgument() === 'real' ? realIngestBench() : main());
