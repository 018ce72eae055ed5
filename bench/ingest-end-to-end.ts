/**
 * bench:ingest's end-to-end phase, for both data sets: the app with the ingest role in a process of its own, and
 * concurrent senders on a worker thread POSTing NDJSON bodies to the Logz.io listener, each acknowledged once
 * durable. The bodies come from memory (the synthetic set, built before the clock starts) or from a spool file that
 * the senders read as they go (the real set, too large to hold: bench/real-logs/real-ingest-bench.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { execFileSync, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What the senders send: requests made from the accounts' tokens, or a spool file (real-ingest-bench.ts's format). */
export type EndToEndSource = { readonly lineCount: number; readonly senders: number } & (
  | { readonly requests: (tokens: readonly string[]) => readonly { readonly token: string; readonly body: string }[] }
  | { readonly spool: string }
);

/** CPU seconds of this whole process (engine threads included) since `start`. */
export const cpuSecondsSince = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
};
// The machine is shared: logs per CPU-second of this process says more than wall-clock rates.
export const perCpu = (count: number, cpuSeconds: number) => ({
  cpuSeconds: Number(cpuSeconds.toFixed(1)),
  logsPerCpuSecond: Math.round(count / cpuSeconds),
});
export const rate = (count: number, ms: number) => Math.round((count / ms) * 1000);

/**
 * Writes back what earlier runs left dirty before the next one: otherwise the kernel's writeback of one run's
 * parts competes with the next run, and later runs measure slower for no reason of their own.
 */
export function settleDisk(): void {
  execFileSync('sync');
  execFileSync('sleep', ['2']);
}

/** The name in a /proc stat line (of a process or of one of its threads). */
const statName = (stat: string): string => stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));

/** CPU seconds (user + system) in a /proc stat line (Linux). */
function statCpuSeconds(stat: string): number {
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the name (which may hold spaces).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds (user + system) a process has used so far. */
export function processCpuSeconds(pid: number): number {
  return statCpuSeconds(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/**
 * Records, by thread id, the CPU seconds each of the engine's merge threads (ClickHouse names them MergeMutate) has
 * used so far: the end-to-end figure then says how much of the server's CPU went to merging the parts ingest wrote,
 * which is where the all-fields indexes cost most (docs/benchmarks.md). A thread may end before the run does, so
 * the caller keeps the last figure seen of each.
 */
export function sampleMergeThreads(pid: number, seen: Map<number, number>): void {
  let tids: string[];
  try {
    tids = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return; // the server has exited
  }
  for (const tid of tids) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended between the listing and the read
    }
    if (statName(stat).startsWith('MergeMutate')) seen.set(Number(tid), statCpuSeconds(stat));
  }
}

const sumOf = (values: Iterable<number>): number => [...values].reduce((sum, value) => sum + value, 0);

/**
 * The app with only the ingest role in a process of its own (bench/ingest-server.ts), on the bench's data
 * directory: its heap holds what a server's holds, not this process's copy of the data set. Senders on a worker
 * thread of this process POST the NDJSON bodies; each request is acknowledged only once durable.
 */
export async function endToEnd(dataDir: string, source: EndToEndSource) {
  const { lineCount } = source;
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '');
  const server = spawn(
    process.execPath,
    ['--max-semi-space-size=64', ...extra, '--import', 'tsx', path.join(repoRoot, 'bench', 'ingest-server.ts'), dataDir],
    {
      cwd: repoRoot,
      env: { ...process.env, UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? '16' },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: server.stdout });
  const next = (): Promise<string> =>
    new Promise((resolve, reject) => {
      lines.once('line', resolve);
      server.once('exit', (code) => reject(new Error(`ingest server exited with ${code}`)));
    });
  const ready = JSON.parse(await next()) as { port: number; tokens: string[]; accountIds: number[] };
  const pid = server.pid ?? 0;
  const serverCpu = processCpuSeconds(pid);
  const mergesBefore = new Map<number, number>();
  sampleMergeThreads(pid, mergesBefore);
  const merges = new Map(mergesBefore);
  const sampler = setInterval(() => sampleMergeThreads(pid, merges), 200);
  const cpu = process.cpuUsage();
  const bodies = 'spool' in source ? { spool: source.spool, tokens: ready.tokens } : { requests: source.requests(ready.tokens) };
  const result = await new Promise<{ ms: number; failures: number; retries: number }>((resolve, reject) => {
    const worker = new Worker(new URL('./http-senders.mjs', import.meta.url), {
      workerData: { url: `http://127.0.0.1:${ready.port}`, ...bodies, concurrency: source.senders },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const serverCpuSeconds = processCpuSeconds(pid) - serverCpu;
  sampleMergeThreads(pid, merges);
  clearInterval(sampler);
  const mergeCpuSeconds = sumOf(merges.values()) - sumOf(mergesBefore.values());
  const senderCpuSeconds = cpuSecondsSince(cpu);
  server.stdin.end();
  const { stored, diskBytes } = JSON.parse(await next()) as { stored: number; diskBytes: number };
  await new Promise((resolve) => server.once('exit', resolve));
  return {
    logsPerSecond: rate(lineCount, result.ms),
    ms: Math.round(result.ms),
    ...perCpu(lineCount, serverCpuSeconds + senderCpuSeconds),
    serverCpuSeconds: Number(serverCpuSeconds.toFixed(1)),
    serverMergeThreadsCpuSeconds: Number(mergeCpuSeconds.toFixed(1)),
    senderCpuSeconds: Number(senderCpuSeconds.toFixed(1)),
    stored,
    failedRequests: result.failures,
    backPressureRetries: result.retries,
    diskBytes,
  };
}
