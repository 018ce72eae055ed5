/**
 * `npm run bench:snapshot -- --data=<dir> [--lines=10000000] [--runs=7] [--dataset=real]`: a dashboard of six
 * panels (bars by type, a line, a pie and a table by host, a metric, a saved search) snapshotted over the last 24
 * hours of the bench:ingest generator's logs (or the real-logs set): POST /v1/snapshotter, then the tracked task
 * runs the six searches, draws the image (ECharts SVG → resvg PNG) and stores it. Measured: from the POST to the
 * image stored, per run (the e-mail is not sent: no SMTP server, so the figure is the render alone). The
 * `--data` directory bench:search and bench:discover load serves this bench too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createManualClock } from '../src/shared/clock.js';
import { toVisState, type VisSpec } from '../src/vis-model/index.js';
import { BENCH_API_TOKEN, BENCH_NOW_MS, countLogs, ensureMainAccountLoaded, openBenchStore } from './bench-store.js';
import { datasetArgument } from './bench-datasets.js';
import { percentile } from './bench-timing.js';
import { ensureRealLogsLoaded } from './real-logs/load-real-logs.js';
import { REAL_DEFAULT_SEED, REAL_NOW_MS } from './real-logs/real-log-generator.js';

const argument = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const LINES = Number(argument('lines', '10000000'));
const RUNS = Number(argument('runs', '7'));
const GIVEN_DATA = argument('data', '');
const DATA = GIVEN_DATA === '' ? fs.mkdtempSync(path.join(os.tmpdir(), 'logward-snapshot-bench-')) : GIVEN_DATA;
const DATASET = datasetArgument();
const NOW_MS = DATASET === 'real' ? REAL_NOW_MS : BENCH_NOW_MS;
const DAY = 86_400_000;

const spec = (type: VisSpec['type'], split = '', metric: VisSpec['metric'] = 'count', metricField = ''): VisSpec => ({
  type,
  metric,
  metricField,
  split,
  size: 8,
});

const clock = createManualClock(NOW_MS);
const store = await openBenchStore(DATA, clock);
const headers = { 'x-api-token': BENCH_API_TOKEN, 'content-type': 'application/json' };
const inject = async <T>(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<T> => {
  const response = await store.app.api.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
  if (response.statusCode !== 200) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return response.json<T>();
};
try {
  if (DATASET === 'real')
    await ensureRealLogsLoaded(store, DATA, { count: LINES, seed: Number(argument('seed', String(REAL_DEFAULT_SEED))) });
  else await ensureMainAccountLoaded(store, LINES);
  const logs = await countLogs(store, store.mainAccount);
  const host = DATASET === 'real' ? 'host' : 'host';
  const panels: [string, VisSpec, string][] = [
    ['Logs by type', spec('histogram', 'type'), ''],
    ['All logs', spec('line'), ''],
    ['By host', spec('pie', host), ''],
    ['Errors', spec('metric'), 'level:ERROR OR level:error'],
    ['Top hosts', spec('table', host), ''],
  ];
  const ids: { type: string; id: string }[] = [];
  for (const [title, vis, query] of panels) {
    const created = await inject<{ id: string }>('POST', '/v1/saved-objects/visualization', {
      attributes: {
        title,
        visState: JSON.stringify(toVisState(title, vis)),
        kibanaSavedObjectMeta: { searchSourceJSON: JSON.stringify({ query: { query, language: 'lucene' }, filter: [] }) },
      },
    });
    ids.push({ type: 'visualization', id: created.id });
  }
  const search = await inject<{ id: string }>('POST', '/v1/saved-objects/search', {
    attributes: {
      title: 'Latest logs',
      columns: ['message'],
      kibanaSavedObjectMeta: { searchSourceJSON: '{"query":{"query":"","language":"lucene"},"filter":[]}' },
    },
  });
  ids.push({ type: 'search', id: search.id });
  const dashboard = await inject<{ id: string }>('POST', '/v1/saved-objects/dashboard', {
    attributes: {
      title: 'Six panels',
      panelsJSON: JSON.stringify(
        ids.map((_, i) => ({
          panelIndex: String(i + 1),
          gridData: { x: (i % 2) * 24, y: Math.floor(i / 2) * 15, w: 24, h: 15, i: String(i + 1) },
          panelRefName: `p${i}`,
        })),
      ),
    },
    references: ids.map((ref, i) => ({ name: `p${i}`, type: ref.type, id: ref.id })),
  });
  const times: number[] = [];
  let lastImage = '';
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const { snapshotId } = await inject<{ snapshotId: number }>('POST', '/v1/snapshotter', {
      snapshotType: 'DASHBOARD',
      snapshotSavedObjectId: dashboard.id,
      timeFrameFrom: NOW_MS - DAY,
      timeFrameTo: NOW_MS,
      snapshotTimeZone: 'Europe/Berlin',
      emails: ['bench@example.com'],
      darkTheme: run % 2 === 1,
    });
    await store.app.tasks.runDue();
    const elapsed = performance.now() - started;
    const view = await inject<{ imageUrl: string }>('GET', `/v1/snapshotter/${snapshotId}`);
    if (view.imageUrl === '') throw new Error(`run ${run}: no image`);
    times.push(elapsed);
    lastImage = view.imageUrl;
    console.log(`run ${run + 1}: ${Math.round(elapsed)} ms`);
  }
  const image = await store.app.api.inject({ method: 'GET', url: new URL(lastImage).pathname });
  const kept = path.join(os.tmpdir(), 'logward-snapshot-bench.png');
  fs.writeFileSync(kept, image.rawPayload);
  console.log(
    `${DATASET}, ${logs.toLocaleString('en-US')} logs in the account, 6 panels over 24 h: p50 ${Math.round(percentile(times, 0.5))} ms, max ${Math.round(Math.max(...times))} ms (load ${os.loadavg()[0]?.toFixed(1)}); image ${kept}`,
  );
} finally {
  await store.app.stop();
  if (GIVEN_DATA === '') fs.rmSync(DATA, { recursive: true, force: true });
}
