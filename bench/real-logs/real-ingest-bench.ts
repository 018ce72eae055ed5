/**
 * `npm run bench:ingest -- --dataset=real [--lines=1000000 --runs=3 --senders=16 --batch=5000 --seed=47]`: the
 * end-to-end phase of bench:ingest (the HTTP listener, the server in a process of its own) on the real-logs data
 * set, the figure issue 47 guards (logs per CPU-second). The logs are written first to a spool file of request
 * bodies (untimed: 10M real logs do not fit in memory), which the senders read as they send. Requests of `--batch`
 * lines (10 MB is the listener's limit; real lines are ~800 bytes) go to three accounts, 50/30/20 % of them, as
 * the synthetic set's do. The engine-only phases of bench:ingest (raw inserts, merges, append) stay on the
 * synthetic set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom } from '../generate-logs.js';
import { endToEnd, settleDisk } from '../ingest-end-to-end.js';
import { generateRealLogs, REAL_DEFAULT_SEED } from './real-log-generator.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const argument = (name: string, fallback: number): number => {
  const found = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  return found === undefined ? fallback : Number(found.split('=')[1]);
};
const ACCOUNT_SHARES = [0.5, 0.8];
const loadAverage = (): string =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ');

/** Writes the set's requests to `file`: [account index: 1 byte][body length: UInt32BE][body]. */
function writeSpool(file: string, lines: number, batch: number, seed: number): { rawBytes: number } {
  const fd = fs.openSync(file, 'w');
  const open: string[][] = [[], [], []];
  const random = seededRandom(seed + 1);
  let rawBytes = 0;
  const flush = (account: number): void => {
    const body = Buffer.from((open[account] ?? []).join('\n'));
    const header = Buffer.alloc(5);
    header[0] = account;
    header.writeUInt32BE(body.length, 1);
    fs.writeSync(fd, header);
    fs.writeSync(fd, body);
    open[account] = [];
  };
  for (const log of generateRealLogs({ count: lines, seed })) {
    const r = random();
    const account = r < (ACCOUNT_SHARES[0] ?? 0.5) ? 0 : r < (ACCOUNT_SHARES[1] ?? 0.8) ? 1 : 2;
    const pending = open[account] ?? [];
    pending.push(log.line);
    rawBytes += Buffer.byteLength(log.line) + 1;
    if (pending.length >= batch) flush(account);
  }
  for (const account of [0, 1, 2]) if ((open[account]?.length ?? 0) > 0) flush(account);
  fs.closeSync(fd);
  return { rawBytes };
}

export async function realIngestBench(): Promise<void> {
  const lines = argument('lines', 1_000_000);
  const runs = argument('runs', 1);
  const senders = argument('senders', 16);
  const batch = argument('batch', 5000);
  const seed = argument('seed', REAL_DEFAULT_SEED);
  const base = path.join(repoRoot, 'bench', '.out', `ingest-real-${Date.now()}`);
  fs.mkdirSync(path.dirname(base), { recursive: true });
  const spool = `${base}.spool`;
  const started = performance.now();
  const { rawBytes } = writeSpool(spool, lines, batch, seed);
  console.error(`spool of ${lines} real logs written in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const loads: string[] = [];
  const httpRuns: Awaited<ReturnType<typeof endToEnd>>[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      settleDisk();
      loads.push(loadAverage());
      httpRuns.push(await endToEnd(`${base}-http-${run}`, { lineCount: lines, senders, spool }));
      fs.rmSync(`${base}-http-${run}`, { recursive: true, force: true });
    }
  } finally {
    fs.rmSync(spool, { force: true });
  }
  const byCpu = [...httpRuns].sort((a, b) => a.logsPerCpuSecond - b.logsPerCpuSecond);
  const http = byCpu[Math.floor((byCpu.length - 1) / 2)];
  if (http === undefined) throw new Error('no end-to-end run');
  const report = {
    dataset: 'real',
    lines,
    seed,
    rawNdjsonMB: Number((rawBytes / 1e6).toFixed(1)),
    bytesPerLine: Math.round(rawBytes / lines),
    batchRows: batch,
    // The run with the median logs per CPU-second.
    http: { ...http, diskPerRawByte: Number((http.diskBytes / rawBytes).toFixed(3)), senders },
    httpRunsCpu: httpRuns.map((run, i) => ({
      logsPerCpuSecond: run.logsPerCpuSecond,
      logsPerSecond: run.logsPerSecond,
      serverCpuSeconds: run.serverCpuSeconds,
      mergeThreadsCpuSeconds: run.serverMergeThreadsCpuSeconds,
      loadAverageAtStart: loads[i],
    })),
    loadAverageAtEnd: loadAverage(),
  };
  console.log(JSON.stringify(report, null, 2));
}
