/**
 * The real-logs data set loaded into a bench store's main account, once per `--data` directory: streamed from the
 * generator in batches as ingest would append them, its words counted on the way (word-census.ts) and kept beside the
 * data (`real-logs.json`), so a later run on the same directory searches for the same words.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LogDocument } from '../../src/storage/log-store.js';
import { documentOf } from '../bench-documents.js';
import { countLogs, waitForMutations, type BenchStore } from '../bench-store.js';
import { generateRealLogs, REAL_NOW_MS, REAL_OLDER_SHARE } from './real-log-generator.js';
import { createWordCensus, type RealWords } from './word-census.js';

export interface RealLoad {
  readonly dataset: 'real';
  /** Logs generated (the week). */
  readonly count: number;
  readonly seed: number;
  readonly nowMs: number;
  readonly words: RealWords;
  readonly loadSeconds: number;
}

const MARKER = 'real-logs.json';
const BATCH = 20_000;
/** Above this many logs of the last 24 hours, the census counts the words of a sample of about this many. */
const CENSUS_LOGS = 1_500_000;

/** Loads the set unless the directory holds it already; refuses a directory holding other logs or another size. */
export async function ensureRealLogsLoaded(
  store: BenchStore,
  dataDir: string,
  options: { readonly count: number; readonly seed: number },
): Promise<RealLoad> {
  const marker = path.join(dataDir, MARKER);
  if (fs.existsSync(marker)) {
    const loaded = JSON.parse(fs.readFileSync(marker, 'utf8')) as RealLoad;
    if (loaded.count !== options.count || loaded.seed !== options.seed)
      throw new Error(`${dataDir} holds the real set of ${loaded.count} logs (seed ${loaded.seed}): pass those, or another --data`);
    await waitForMutations(store);
    return loaded;
  }
  if ((await countLogs(store, store.mainAccount)) > 0)
    throw new Error(`${dataDir} holds other logs (the synthetic set?): use another --data`);
  const started = performance.now();
  const census = createWordCensus(REAL_NOW_MS, {
    sampleEvery: Math.ceil((options.count * (1 - REAL_OLDER_SHARE)) / CENSUS_LOGS),
  });
  const inFlight = new Set<Promise<void>>();
  let batch: LogDocument[] = [];
  let batches = 0;
  const flush = async (): Promise<void> => {
    const documents = batch;
    batch = [];
    batches += 1;
    const done = store.app.logStore
      .append(documents, { dedupToken: `real-${options.seed}-${batches}`, retentionDaysOf: () => 3650 })
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
    // Two batches in flight, as ingest keeps them: the next one is made while the engine inserts this one.
    if (inFlight.size >= 2) await Promise.race(inFlight);
  };
  let n = 0;
  for (const log of generateRealLogs({ count: options.count, seed: options.seed })) {
    census.add(log.doc, log.ms);
    batch.push(documentOf(log.line, store.mainAccount, log.ms));
    if (batch.length === BATCH) await flush();
    if ((n += 1) % 1_000_000 === 0) console.log(`${n} real logs appended in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  if (batch.length > 0) await flush();
  await Promise.all(inFlight);
  await store.hand.queryAsync('OPTIMIZE TABLE logs FINAL');
  await waitForMutations(store);
  const load: RealLoad = {
    dataset: 'real',
    count: options.count,
    seed: options.seed,
    nowMs: REAL_NOW_MS,
    words: census.choose(),
    loadSeconds: Math.round((performance.now() - started) / 1000),
  };
  fs.writeFileSync(marker, `${JSON.stringify(load, null, 2)}\n`);
  console.log(`the real set (${options.count} logs) loaded in ${load.loadSeconds} s`);
  return load;
}
