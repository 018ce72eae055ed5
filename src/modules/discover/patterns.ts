import { PatternParser, type Template } from '../../patterns/pattern-parser.js';
import type { LogSearchResult } from '../../storage/log-store.js';
import { templateQuery } from '../insights/index.js';
import type { ResolvedRange } from './time-range.js';

/** Slices of the range sampled, newest logs of each: a sample spread over the range, not its last minutes. */
const SAMPLE_SLICES = 8;
const SAMPLE_PER_SLICE = 250;
/** Patterns answered at most, the most frequent in the sample first. */
const MAX_PATTERNS = 20;
const SPARKLINE_BUCKETS = 24;

export interface Pattern {
  /** The template as the insights learner shows it: `<*>` where the messages differ. */
  readonly template: string;
  /** The Lucene query that finds its logs (its constant words as phrases of `message`): what a click filters on. */
  readonly query: string;
  readonly sampleCount: number;
  /** Matching logs of the range that `query` also matches (exact). */
  readonly count: number;
  /** Those logs over the range, in SPARKLINE_BUCKETS equal buckets. */
  readonly sparkline: readonly number[];
}

export interface PatternsAnswer {
  readonly range: ResolvedRange;
  readonly sampled: number;
  readonly total: number;
  readonly patterns: readonly Pattern[];
}

interface Bucket {
  readonly doc_count: number;
  readonly t?: { readonly buckets: readonly { readonly doc_count: number }[] };
}

/**
 * Learns templates from a sample of the matching logs' messages with the insights learner's parser (src/patterns,
 * fresh for each request: the account's stored insights learn warnings only), then counts each template's logs
 * exactly over time in one aggregation.
 */
export async function findPatterns(input: {
  readonly range: ResolvedRange;
  readonly query: string;
  readonly run: (body: Record<string, unknown>) => Promise<LogSearchResult>;
}): Promise<PatternsAnswer> {
  const { range } = input;
  const matching = input.query.trim() === '' ? { match_all: {} } : { query_string: { query: input.query, default_operator: 'AND' } };
  const span = Math.max(1, range.toMs - range.fromMs);
  const slices = Array.from({ length: SAMPLE_SLICES }, (_, i) => ({
    gte: range.fromMs + Math.floor((span * i) / SAMPLE_SLICES),
    lt: range.fromMs + Math.floor((span * (i + 1)) / SAMPLE_SLICES),
  })).filter((slice) => slice.lt > slice.gte);
  const pages = await Promise.all(
    slices.map((slice) =>
      input.run({
        query: { bool: { must: [matching], filter: [{ range: { '@timestamp': { ...slice, format: 'epoch_millis' } } }] } },
        _source: ['message'],
        sort: [{ '@timestamp': { order: 'desc' } }],
        size: SAMPLE_PER_SLICE,
        track_total_hits: false,
      }),
    ),
  );
  const messages = pages.flatMap((page) => page.hits.map((hit) => hit.source?.message)).filter((m): m is string => typeof m === 'string');
  const learned = new PatternParser().learn(messages);
  const counts = new Map<number, { template: Template; count: number }>();
  for (const template of learned) {
    const entry = counts.get(template.id);
    if (entry === undefined) counts.set(template.id, { template, count: 1 });
    else entry.count += 1;
  }
  const top = [...counts.values()].sort((a, b) => b.count - a.count).slice(0, MAX_PATTERNS);
  const queries = top.map((entry) => templateQuery(entry.template.tokens));
  const intervalSeconds = Math.max(1, Math.ceil(span / SPARKLINE_BUCKETS / 1000));
  const counted =
    top.length === 0
      ? undefined
      : await input.run({
          query: matching,
          size: 0,
          track_total_hits: true,
          aggs: {
            patterns: {
              filters: { filters: Object.fromEntries(queries.map((query, i) => [String(i), { query_string: { query } }])) },
              aggs: {
                t: {
                  date_histogram: {
                    field: '@timestamp',
                    fixed_interval: `${intervalSeconds}s`,
                    min_doc_count: 0,
                    extended_bounds: { min: range.fromMs, max: range.toMs - 1 },
                  },
                },
              },
            },
          },
        });
  const buckets = ((counted?.aggregations?.patterns as { buckets?: Record<string, Bucket> } | undefined)?.buckets ?? {}) as Record<
    string,
    Bucket
  >;
  return {
    range,
    sampled: messages.length,
    total: counted?.total ?? 0,
    patterns: top.map((entry, i) => ({
      template: entry.template.text,
      query: queries[i] ?? '*',
      sampleCount: entry.count,
      count: buckets[String(i)]?.doc_count ?? 0,
      sparkline: (buckets[String(i)]?.t?.buckets ?? []).map((bucket) => bucket.doc_count),
    })),
  };
}
