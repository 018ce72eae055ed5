/**
 * The soak: `npm run soak -- --minutes=60 [--rate=34000] [--out=DIR]`. The service as a process ingests at a steady
 * rate (default half of the 68k logs/s measured end to end on the reference machine, docs/benchmarks.md) while searches
 * and alerts run; RSS and heap are sampled, errors counted, latencies written per 30 s to a CSV and a markdown table.
 * Exits 1 on any error, a memory trend after warm-up, or an ingest rate under 90 % of the target.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { apiCall, exitOnSignals, startLogwardProcess } from '../support/logward-process.js';
import { cliNumber } from '../support/seeded-random.js';
import { percentile, trendOf } from './memory-trend.js';
import { LOGS_PER_REQUEST, PATHS, SOAK_BODIES, SOAK_SEARCHES } from './soak-workload.js';

exitOnSignals();
const argv = process.argv.slice(2);
const minutes = cliNumber(argv, 'minutes', 60);
const rate = cliNumber(argv, 'rate', 34_000);
const out = argv.find((arg) => arg.startsWith('--out='))?.slice('--out='.length) ?? fs.mkdtempSync(path.join(os.tmpdir(), 'logward-soak-'));
// A folder named by --out may not exist yet: the figures are written there at the end.
fs.mkdirSync(out, { recursive: true });
const BUCKET_MS = 30_000;
const durationMs = minutes * 60_000;

interface Bucket {
  logs: number;
  ingest: number[];
  search: number[];
  errors: number;
}

const service = await startLogwardProcess({ env: { LOGWARD_DETECTION_INTERVAL_SECONDS: '10', LOGWARD_LOG_STORE_MEMORY_MB: '1024' } });
const pid = service.service.child.pid as number;
const buckets: Bucket[] = [];
const bucketAt = (t: number): Bucket => {
  const index = Math.floor(t / BUCKET_MS);
  while (buckets.length <= index) buckets.push({ logs: 0, ingest: [], search: [], errors: 0 });
  return buckets[index] as Bucket;
};
const errors: string[] = [];
/** Latencies of each kind of search (index into SOAK_SEARCHES), to tell which one slows under load. */
const searchKinds: number[][] = SOAK_SEARCHES.map(() => []);
const samples: { t: number; rss: number; heap: number }[] = [];
let triggered = 0;
try {
  for (let a = 0; a < 5; a += 1) {
    const created = await apiCall(service.apiUrl, service.apiToken, 'POST', '/v2/alerts', {
      title: `soak alert ${a}`,
      searchTimeFrameMinutes: 5,
      output: { recipients: { emails: [] }, suppressNotificationsMinutes: 5, type: 'JSON' },
      subComponents: [
        {
          queryDefinition: {
            query: a % 2 === 0 ? 'level:error' : `path:"${PATHS[a]}"`,
            groupBy: ['level'],
            aggregation: { aggregationType: 'COUNT' },
          },
          trigger: { operator: 'GREATER_THAN', severityThresholdTiers: { HIGH: 10 * (a + 1) } },
        },
      ],
    });
    if (created.status !== 200) throw new Error(`alert: ${created.status} ${created.text}`);
  }
  const started = Date.now();
  const elapsed = (): number => Date.now() - started;
  const done = (): boolean => elapsed() >= durationMs;
  const pool = new Pool(service.listenerUrl, { connections: 8 });
  let sentLogs = 0;
  let inFlight = 0;
  let next = 0;
  const sendOne = async (): Promise<void> => {
    inFlight += 1;
    sentLogs += LOGS_PER_REQUEST;
    const body = SOAK_BODIES[next++ % SOAK_BODIES.length] as Buffer;
    const t0 = Date.now();
    try {
      const response = await pool.request({
        path: `/?token=${service.shippingToken}&type=soak`,
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
      await response.body.arrayBuffer();
      const bucket = bucketAt(t0 - started);
      if (response.statusCode === 200) {
        bucket.logs += LOGS_PER_REQUEST;
        bucket.ingest.push(Date.now() - t0);
      } else {
        bucket.errors += 1;
        errors.push(`ingest ${response.statusCode} at ${Math.round((t0 - started) / 1000)} s`);
      }
    } catch (error) {
      bucketAt(t0 - started).errors += 1;
      errors.push(`ingest ${String(error)}`);
    } finally {
      inFlight -= 1;
    }
  };
  const ingest = (async () => {
    while (!done()) {
      // Paced by what is owed by now, at most 8 requests in flight: a steady rate, not a flood.
      while (sentLogs + LOGS_PER_REQUEST <= (rate * elapsed()) / 1000 && inFlight < 8) void sendOne();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    await pool.close();
  })();
  const searcher = async (offset: number): Promise<void> => {
    let i = offset;
    while (!done()) {
      const t0 = Date.now();
      const kind = i++ % SOAK_SEARCHES.length;
      const response = await apiCall(service.apiUrl, service.apiToken, 'POST', '/v1/search', SOAK_SEARCHES[kind]).catch(
        (error: unknown) => ({
          status: 0,
          text: String(error),
        }),
      );
      const bucket = bucketAt(t0 - started);
      if (response.status === 200) {
        bucket.search.push(Date.now() - t0);
        searchKinds[kind]?.push(Date.now() - t0);
      } else {
        bucket.errors += 1;
        errors.push(`search ${response.status} ${response.text.slice(0, 200)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  };
  const sampler = (async () => {
    while (!done()) {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
      const metrics = await (await fetch(`${service.apiUrl}/metrics`)).text();
      const heap = Number(/^logward_nodejs_heap_size_used_bytes (\S+)$/m.exec(metrics)?.[1] ?? 0);
      samples.push({ t: elapsed(), rss, heap });
      const page = await apiCall(service.apiUrl, service.apiToken, 'POST', '/v1/alerts/triggered-alerts', { size: 1 });
      if (page.status === 200) triggered = (page.body as { total: number }).total;
      else errors.push(`triggered alerts ${page.status}`);
      await new Promise((resolve) => setTimeout(resolve, 10_000));
    }
  })();
  let lastPrint = 0;
  const progress = setInterval(() => {
    const last = samples.at(-1);
    if (last === undefined || last.t === lastPrint) return;
    lastPrint = last.t;
    console.log(
      `${Math.round(last.t / 1000)} s: rss ${Math.round(last.rss / 1_048_576)} MB, heap ${Math.round(last.heap / 1_048_576)} MB, errors ${errors.length}, triggered ${triggered}`,
    );
  }, 60_000);
  await Promise.all([ingest, searcher(0), searcher(2), sampler]);
  clearInterval(progress);

  const rows = buckets.map((b, i) => {
    const sample = samples.filter((s) => s.t < (i + 1) * BUCKET_MS).at(-1);
    return {
      minute: ((i * BUCKET_MS) / 60_000).toFixed(1),
      logsPerS: Math.round(b.logs / (BUCKET_MS / 1000)),
      ingestP50: percentile(b.ingest, 50),
      ingestP99: percentile(b.ingest, 99),
      searches: b.search.length,
      searchP50: percentile(b.search, 50),
      searchP99: percentile(b.search, 99),
      errors: b.errors,
      rssMb: Math.round((sample?.rss ?? 0) / 1_048_576),
      heapMb: Math.round((sample?.heap ?? 0) / 1_048_576),
    };
  });
  const header = Object.keys(rows[0] ?? {});
  fs.writeFileSync(path.join(out, 'soak.csv'), [header.join(','), ...rows.map((r) => Object.values(r).join(','))].join('\n') + '\n');
  const warmUp = Math.max(120_000, durationMs * 0.2);
  const settled = samples.filter((s) => s.t >= warmUp);
  const rssTrend = trendOf(settled.map((s) => ({ t: s.t, value: s.rss })));
  const heapTrend = trendOf(settled.map((s) => ({ t: s.t, value: s.heap })));
  const achieved = rows.reduce((sum, r) => sum + r.logsPerS, 0) / Math.max(1, rows.length);
  const allIngest = buckets.flatMap((b) => b.ingest);
  const allSearch = buckets.flatMap((b) => b.search);
  const summary = {
    minutes,
    targetRate: rate,
    achievedRate: Math.round(achieved),
    ingestRequests: allIngest.length,
    ingestP50: percentile(allIngest, 50),
    ingestP99: percentile(allIngest, 99),
    searches: allSearch.length,
    searchP50: percentile(allSearch, 50),
    searchP99: percentile(allSearch, 99),
    searchKinds: searchKinds.map((times, kind) => ({
      query: JSON.stringify(SOAK_SEARCHES[kind]).slice(0, 80),
      count: times.length,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
    })),
    errors: errors.length,
    triggeredAlerts: triggered,
    rss: { meanMb: Math.round(rssTrend.meanMb), slopeMbPerHour: Math.round(rssTrend.slopeMbPerHour), flat: rssTrend.flat },
    heap: { meanMb: Math.round(heapTrend.meanMb), slopeMbPerHour: Math.round(heapTrend.slopeMbPerHour), flat: heapTrend.flat },
  };
  const markdown = [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${Object.values(r).join(' | ')} |`),
    '',
    '```json',
    JSON.stringify(summary, null, 1),
    '```',
  ].join('\n');
  fs.writeFileSync(path.join(out, 'soak.md'), `${markdown}\n`);
  console.log(markdown);
  for (const error of errors.slice(0, 20)) console.log('error:', error);
  console.log(`written: ${path.join(out, 'soak.csv')} and soak.md`);
  process.exitCode = errors.length === 0 && rssTrend.flat && heapTrend.flat && achieved >= rate * 0.9 ? 0 : 1;
} finally {
  await service.stop();
}
