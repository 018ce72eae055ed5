/**
 * The store the search benches share: the bench:ingest generator's logs loaded through composeApp into a `--data`
 * directory, once; later runs (of bench:search or bench:discover) reopen the same directory and find them there.
 */
import { Session } from 'chdb';
import type { App } from '../src/app/app.js';
import { composeApp } from '../src/app/compose.js';
import { createLogger } from '../src/app/create-logger.js';
import { loadConfig, type AppConfig } from '../src/config/index.js';
import type { Clock } from '../src/shared/clock.js';
import type { LogDocument, LogStore } from '../src/storage/log-store.js';
import { DEFAULT_WORD_COUNT_LIMITS } from '../src/storage/clickhouse/search/word-counts/word-count-builder.js';
import { documentOf } from './bench-documents.js';
import { BENCH_START_MS, generateLogs } from './generate-logs.js';

/** The bootstrap API token of a bench data directory (set when the directory is first opened). */
export const BENCH_API_TOKEN = 'bench-api-token-000000000000000001';
export { BENCH_NOW_MS } from './generate-logs.js';
const BATCH = 20_000;

export interface BenchStore {
  readonly app: App;
  readonly config: AppConfig;
  /** The main account, which holds the generator's first account (half its lines). */
  readonly mainAccount: number;
  /** A session of its own on the store, for hand-written statements. */
  readonly hand: Session;
}

/** composeApp (api role) on a data directory, not yet listening. */
export async function openBenchStore(dataDir: string, clock: Clock): Promise<BenchStore> {
  const config = loadConfig({
    LOGWARD_DATA_DIR: dataDir,
    LOGWARD_API_PORT: '0',
    LOGWARD_API_HOST: '127.0.0.1',
    LOGWARD_BOOTSTRAP_API_TOKEN: BENCH_API_TOKEN,
    LOGWARD_ROLES: 'api',
    // The engine's memory: modest on a shared machine when asked (the default is a quarter of the machine's).
    ...(process.env.LOGWARD_LOG_STORE_MEMORY_MB === undefined
      ? {}
      : { LOGWARD_LOG_STORE_MEMORY_MB: process.env.LOGWARD_LOG_STORE_MEMORY_MB }),
    // Search rules switched off (issue 47): alternate rounds with and without one to measure what it buys.
    ...(process.env.LOGWARD_SEARCH_RULES_OFF === undefined ? {} : { LOGWARD_SEARCH_RULES_OFF: process.env.LOGWARD_SEARCH_RULES_OFF }),
  });
  // Its data is merged as a long-running store's would be: its parts count as settled, however young (decision 0197).
  const wordCountLimits = { ...DEFAULT_WORD_COUNT_LIMITS, minPartAgeMs: 0 };
  const app = await composeApp({ config, clock, logger: createLogger('warn'), wordCountLimits });
  const mainAccount = (
    await app.controlPlane.db.selectFrom('accounts').select('id').where('owner_account_id', 'is', null).executeTakeFirstOrThrow()
  ).id;
  return { app, config, mainAccount, hand: new Session(config.logStoreUrl.slice('chdb:'.length)) };
}

export async function countLogs(store: BenchStore, accountId: number): Promise<number> {
  const text = (
    await store.hand.queryAsync(`SELECT count() AS n FROM logs WHERE account = ${accountId}`, { format: 'JSONEachRow' })
  ).text();
  return Number(text.split('\n')[0]?.match(/\d+/)?.[0] ?? 0);
}

/**
 * Appends the logs `generateLogs(lines)` gives its account `generated` into `accountId` of any log store, in batches
 * of 20,000, each log reshaped by `reshape`.
 */
export async function appendGenerated(
  logStore: Pick<LogStore, 'append'>,
  options: {
    readonly lines: number;
    readonly generated: number;
    readonly accountId: number;
    readonly reshape?: (doc: LogDocument, i: number) => LogDocument;
  },
): Promise<void> {
  const { accountId, reshape = (doc: LogDocument) => doc } = options;
  let batch: LogDocument[] = [];
  let n = 0;
  for (const { account, line } of generateLogs(options.lines)) {
    if (account !== options.generated) continue;
    batch.push(reshape(documentOf(line, accountId, BENCH_START_MS), n * BATCH + batch.length));
    if (batch.length === BATCH) {
      await logStore.append(batch, { dedupToken: `bench-${accountId}-${(n += 1)}`, retentionDaysOf: () => 3650 });
      batch = [];
    }
  }
  if (batch.length > 0) await logStore.append(batch, { dedupToken: `bench-${accountId}-${n + 1}`, retentionDaysOf: () => 3650 });
}

/** appendGenerated into a bench store, then merged as a long-running store would have. */
export async function loadGenerated(
  store: BenchStore,
  options: {
    readonly lines: number;
    readonly generated: number;
    readonly accountId: number;
    readonly reshape?: (doc: LogDocument, i: number) => LogDocument;
  },
): Promise<void> {
  const started = performance.now();
  await appendGenerated(store.app.logStore, options);
  await store.hand.queryAsync('OPTIMIZE TABLE logs FINAL');
  console.log(`account ${options.accountId} loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Loads the main account unless it already holds logs (a reused directory). */
export async function ensureMainAccountLoaded(store: BenchStore, lines: number): Promise<void> {
  if ((await countLogs(store, store.mainAccount)) === 0) await loadGenerated(store, { lines, generated: 0, accountId: store.mainAccount });
  await waitForMutations(store);
}

/** A directory from an earlier build gets new indexes and projections by background mutations: measure once built. */
export async function waitForMutations(store: BenchStore): Promise<void> {
  const pending = async (): Promise<boolean> =>
    !(await store.hand.queryAsync('SELECT count() AS n FROM system.mutations WHERE NOT is_done', { format: 'JSONEachRow' }))
      .text()
      .includes('"n":0');
  while (await pending()) await new Promise((resolve) => setTimeout(resolve, 200));
}

/**
 * Counts the words most logs hold in the loaded parts, as the scheduler's job does on a running store (decision
 * 0197): searches of one word read those counts. A reused directory has them already (one pass finds nothing due).
 */
export async function settleWordCounts(store: BenchStore): Promise<void> {
  const started = performance.now();
  // On a loaded machine a pass over millions of real logs can outlast the engine's time limit: the bench then
  // searches without the counts (as a store does until its job catches up) and says so.
  const pass = await store.app.logStore.countCommonWords().catch((error: unknown) => {
    console.log(`word counts not settled (${error instanceof Error ? error.message : String(error)}): searches count without them`);
    return { counted: 0 };
  });
  if (pass.counted > 0)
    console.log(`word counts of ${pass.counted} account parts made in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Empties the engine's query condition cache, so a repeated query is not answered from an earlier run's marks. */
export async function dropQueryCache(store: BenchStore): Promise<void> {
  await store.hand.queryAsync('SYSTEM DROP QUERY CONDITION CACHE');
}
