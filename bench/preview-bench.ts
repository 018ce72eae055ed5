/**
 * `node --import tsx bench/preview-bench.ts [--count=200000 --rounds=3 --full --data=<dir>]`: the alert preview of a
 * COUNT rule grouped by host over the last 24 hours at the 60-s interval (1,440 windows), exact (decision 0780: the
 * measure's per-minute partials slid in memory) against strided (0678: 288 windows, one store question each), on the
 * real-logs data set. `--full` also judges all 1,440 windows one by one and checks the exact preview's firings equal
 * them. Prints each round's times, the firings and the groups seen.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { definitionFromRequest, type AlertRequest, type RulePreview } from '../src/detection/index.js';
import { alertRuleOf, createAlertRuleKind } from '../src/modules/alerts/index.js';
import { createManualClock } from '../src/shared/clock.js';
import { openBenchStore } from './bench-store.js';
import { ensureRealLogsLoaded } from './real-logs/load-real-logs.js';
import { REAL_DEFAULT_SEED, REAL_NOW_MS } from './real-logs/real-log-generator.js';

const argument = (name: string, fallback: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const COUNT = Number(argument('count', '200000'));
const ROUNDS = Number(argument('rounds', '3'));
const FULL = process.argv.includes('--full');
const DATA = argument('data', fs.mkdtempSync(path.join(os.tmpdir(), 'logward-preview-bench-')));

const REQUEST: AlertRequest = {
  title: 'Logs per host',
  searchTimeFrameMinutes: 5,
  subComponents: [
    {
      queryDefinition: { query: '*', groupBy: ['host'], aggregation: { aggregationType: 'COUNT' } },
      trigger: { operator: 'GREATER_THAN_OR_EQUALS', severityThresholdTiers: { LOW: 40, MEDIUM: 80, HIGH: 160 } },
    },
  ],
};

const summary = (preview: RulePreview): string =>
  `${preview.method} stride ${preview.stride}: ${preview.windowsJudged}/${preview.windowsOnGrid} windows, ${preview.firings.length} firings, complete ${preview.complete}`;

async function main(): Promise<void> {
  fs.mkdirSync(DATA, { recursive: true });
  const clock = createManualClock(REAL_NOW_MS + 45_000);
  const store = await openBenchStore(DATA, clock);
  try {
    const load = await ensureRealLogsLoaded(store, DATA, { count: COUNT, seed: REAL_DEFAULT_SEED });
    console.log(`real-logs: ${load.count} logs (loaded in ${load.loadSeconds.toFixed(1)} s) in ${DATA}`);
    const { app } = store;
    const kind = createAlertRuleKind({ db: app.controlPlane.db, clock, searchableAccountIds: async (id) => [id] });
    const now = clock.now();
    const rule = alertRuleOf({
      id: 0,
      accountId: store.mainAccount,
      definition: definitionFromRequest(REQUEST),
      createdAt: now,
      updatedAt: now,
      createdBy: '',
      updatedBy: '',
    });
    const signal = new AbortController().signal;
    const timed = async (label: string, run: () => Promise<RulePreview>): Promise<RulePreview> => {
      const started = performance.now();
      const preview = await run();
      console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(2)} s — ${summary(preview)}`);
      return preview;
    };
    let exact: RulePreview | undefined;
    for (let round = 1; round <= ROUNDS; round += 1) {
      exact = await timed(`round ${round} exact  `, () => app.detection.preview(kind, rule, signal));
      await timed(`round ${round} strided`, () => app.detection.preview(kind, rule, signal, { exact: false }));
    }
    const groups = new Set(exact?.firings.map((firing) => firing.group.host));
    console.log(
      `hosts among the exact firings: ${groups.size}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    if (FULL && exact !== undefined) {
      const slow = await timed('every window one by one', () =>
        app.detection.preview(kind, rule, signal, { exact: false, maxWindows: Number.MAX_SAFE_INTEGER, budgetMs: 3_600_000 }),
      );
      const key = (preview: RulePreview): string =>
        JSON.stringify(preview.firings.map((f) => [f.windowEndMs, f.group, f.severity, f.value, f.threshold]));
      console.log(`exact firings equal every-window firings: ${key(exact) === key(slow)}`);
    }
  } finally {
    store.hand.close();
    await store.app.stop();
  }
}

await main();
