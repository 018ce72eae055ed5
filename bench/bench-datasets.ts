/**
 * The two data sets the search benches run on, for code beyond the benches: a small sample of either (its logs as
 * shippers send them, the clock to search them at) and bench:search's queries on it, so a test can run every bench
 * query on both sets in seconds (issue 47: the rule on/off equivalence test). The benches themselves load millions
 * of the same logs (bench-store.ts, real-logs/load-real-logs.ts).
 */
import type { LogDocument } from '../src/storage/log-store.js';
import { documentOf } from './bench-documents.js';
import { fieldPresenceBody, SYNTHETIC_PRESENCE_FIELDS } from './field-presence-query.js';
import { BENCH_NOW_MS, BENCH_START_MS, generateLogs } from './generate-logs.js';
import { generateRealLogs, REAL_DEFAULT_SEED, REAL_NOW_MS } from './real-logs/real-log-generator.js';
import { realSearchQueries, type BenchQuery } from './real-logs/real-search-queries.js';
import { createWordCensus, type RealWords } from './real-logs/word-census.js';
import { FIELDLESS_HAND_QUERIES, FIELDLESS_QUERIES, REFERENCE_QUERIES } from './search-queries.js';

export type { BenchQuery } from './real-logs/real-search-queries.js';
export type { RealWords } from './real-logs/word-census.js';

export type BenchDataset = 'synthetic' | 'real';
export const BENCH_DATASETS: readonly BenchDataset[] = ['synthetic', 'real'];

export interface DatasetSample {
  readonly dataset: BenchDataset;
  /** The instant to search it at (the clock of the store and of the searches). */
  readonly nowMs: number;
  /** Its logs as NDJSON lines, as shippers send them, in time order. */
  readonly lines: readonly string[];
  /** bench:search's queries on it. */
  readonly queries: readonly BenchQuery[];
  /** The real set's chosen words and their counts in this sample (undefined for the synthetic set). */
  readonly words: RealWords | undefined;
}

/** The `--dataset=` argument of a bench (default `synthetic`, today's behaviour). */
export function datasetArgument(argv: readonly string[] = process.argv): BenchDataset {
  const given = argv.find((arg) => arg.startsWith('--dataset='))?.slice('--dataset='.length) ?? 'synthetic';
  if (given !== 'synthetic' && given !== 'real') throw new Error(`--dataset must be synthetic or real, not ${given}`);
  return given;
}

/** The synthetic rows of bench:search (the reference, field-less and hand-compared queries), as one list. */
export function syntheticBenchQueries(): BenchQuery[] {
  const path = (value: string): BenchQuery['path'] => (value === '/_search' ? '/_search' : '/v1/search');
  return [
    ...REFERENCE_QUERIES.map((query) => ({ name: query.name, path: '/v1/search' as const, body: query.body, onMessage: null })),
    ...FIELDLESS_QUERIES.map((query) => ({ name: query.name, path: path(query.path), body: query.body, onMessage: query.onMessage })),
    ...FIELDLESS_HAND_QUERIES.map((query) => ({ name: query.name, path: '/v1/search' as const, body: query.body, onMessage: null })),
    // Discover's sidebar over the generator's two days (rule field-presence).
    ...['', 'timeout'].map((text) => ({
      name: `field presence, ${text === '' ? 'match_all' : `word "${text}"`}`,
      // The Elasticsearch API: /v1/search always counts, Discover's app route does not.
      path: '/_search' as const,
      body: fieldPresenceBody(text, SYNTHETIC_PRESENCE_FIELDS, BENCH_START_MS, BENCH_NOW_MS + 1),
      onMessage: null,
    })),
  ];
}

/** bench:search's queries on a data set; the real set's need the words chosen on it (its sample's, or a bench's). */
export function benchQueries(dataset: BenchDataset, words?: RealWords, nowMs = REAL_NOW_MS): BenchQuery[] {
  if (dataset === 'synthetic') return syntheticBenchQueries();
  if (words === undefined) throw new Error('the real set’s queries need its chosen words');
  return realSearchQueries(words, nowMs);
}

/**
 * A small sample of a data set: `count` logs (default 30,000; the real set's in about a second), deterministic from
 * `seed`. The synthetic sample is the bench's main account's share of the generator's lines.
 */
export function datasetSample(dataset: BenchDataset, options: { readonly count?: number; readonly seed?: number } = {}): DatasetSample {
  const count = options.count ?? 30_000;
  if (dataset === 'synthetic') {
    const lines: string[] = [];
    for (const { account, line } of generateLogs(count * 2, options.seed ?? 42))
      if (account === 0 && lines.length < count) lines.push(line);
    return { dataset, nowMs: BENCH_NOW_MS, lines, queries: syntheticBenchQueries(), words: undefined };
  }
  const census = createWordCensus(REAL_NOW_MS);
  const lines: string[] = [];
  for (const log of generateRealLogs({ count, seed: options.seed ?? REAL_DEFAULT_SEED })) {
    census.add(log.doc, log.ms);
    lines.push(log.line);
  }
  const words = census.choose();
  return { dataset, nowMs: REAL_NOW_MS, lines, queries: realSearchQueries(words, REAL_NOW_MS), words };
}

/** A sample's lines as the log store's documents of `accountId` (as ingest makes them, received when they happened). */
export function sampleDocuments(sample: DatasetSample, accountId: number): LogDocument[] {
  return sample.lines.map((line) => {
    const timestamp = /"@timestamp":"([^"]+)"/.exec(line)?.[1];
    return documentOf(line, accountId, timestamp === undefined ? sample.nowMs : Date.parse(timestamp));
  });
}
