import { overTime, TIMESTAMP, type VisSpec } from './vis-spec.js';

export interface TimeRange {
  readonly fromMs: number;
  readonly toMs: number;
}

export interface Series {
  readonly name: string;
  /** `null`: a bucket with no value (an average of no logs); a line breaks there rather than joining across it. */
  readonly points: readonly [number | string, number | null][];
}

export interface VisData {
  readonly series: readonly Series[];
  /** null: a metric without a value (the average, minimum or maximum of no logs), printed as a dash, never 0. */
  readonly value: number | null;
}

export interface VisBucket {
  readonly key: number | string;
  readonly key_as_string?: string;
  readonly doc_count: number;
  readonly [name: string]: unknown;
}

/** The search answer a visualization reads: the total and the aggregations of an Elasticsearch search. */
export interface VisSearchAnswer {
  readonly total: number | undefined;
  readonly aggregations?: Readonly<Record<string, unknown>> | undefined;
}

const INTERVALS: readonly [string, number][] = [
  ['1s', 1000],
  ['5s', 5000],
  ['10s', 10_000],
  ['30s', 30_000],
  ['1m', 60_000],
  ['5m', 300_000],
  ['10m', 600_000],
  ['30m', 1_800_000],
  ['1h', 3_600_000],
  ['3h', 10_800_000],
  ['12h', 43_200_000],
  ['1d', 86_400_000],
];

/** About 60 buckets over the span, on a round interval. */
export function intervalFor(spanMs: number): { text: string; ms: number } {
  const wanted = spanMs / 60;
  const found = INTERVALS.find(([, ms]) => ms >= wanted) ?? INTERVALS[INTERVALS.length - 1] ?? ['1d', 86_400_000];
  return { text: found[0], ms: found[1] };
}

/** The query_string (match-all when empty) and the time range, as one bool filter. */
export function queryOf(text: string, range: TimeRange, extra: readonly unknown[] = []): Record<string, unknown> {
  const must: unknown[] = [];
  if (text.trim() !== '') must.push({ query_string: { query: text, default_operator: 'AND', analyze_wildcard: true } });
  return {
    bool: {
      must,
      filter: [{ range: { [TIMESTAMP]: { gte: range.fromMs, lt: range.toMs, format: 'epoch_millis' } } }, ...extra],
    },
  };
}

export function histogramAgg(range: TimeRange): { agg: Record<string, unknown>; intervalMs: number } {
  const interval = intervalFor(range.toMs - range.fromMs);
  return {
    intervalMs: interval.ms,
    agg: {
      date_histogram: {
        field: TIMESTAMP,
        fixed_interval: interval.text,
        min_doc_count: 0,
        extended_bounds: { min: range.fromMs, max: range.toMs - 1 },
      },
    },
  };
}

function metricAgg(spec: VisSpec): Record<string, unknown> | undefined {
  return spec.metric === 'count' ? undefined : { m: { [spec.metric]: { field: spec.metricField } } };
}

function metricOf(bucket: Readonly<Record<string, unknown>>, spec: VisSpec): number | null {
  if (spec.metric === 'count') return Number(bucket.doc_count ?? 0);
  const value = (bucket.m as { value?: number | null } | undefined)?.value;
  return typeof value === 'number' ? value : emptyValue(spec);
}

/**
 * What Elasticsearch gives a bucket of no logs: a count, sum or cardinality of nothing is 0, an average, minimum
 * or maximum of nothing has no value (null), so a line of one breaks over hours without logs instead of dropping
 * to a made-up 0 or joining its neighbours.
 */
function emptyValue(spec: VisSpec): number | null {
  return spec.metric === 'avg' || spec.metric === 'min' || spec.metric === 'max' ? null : 0;
}

function pointOf(bucket: VisBucket, spec: VisSpec): [number, number | null] {
  const empty =
    bucket.doc_count === 0 || (spec.metric !== 'count' && typeof (bucket.m as { value?: unknown } | undefined)?.value !== 'number');
  return [Number(bucket.key), empty ? emptyValue(spec) : metricOf(bucket, spec)];
}

/** More buckets than any interval of `intervalFor` gives over a retained range: an answer this long is drawn as is. */
const MAX_FILLED_BUCKETS = 10_000;

/**
 * Every bucket of the histogram over the range, those the answer lacks filled with the empty value: the search
 * asks for them (min_doc_count 0 over extended_bounds) but a line chart joins whatever points it gets, so a
 * missing stretch would be drawn as a straight segment across hours without logs. Keys are on the interval's
 * grid from the epoch, as fixed_interval places them.
 */
function filledPoints(points: readonly [number, number | null][], spec: VisSpec, range: TimeRange | undefined): [number, number | null][] {
  if (range === undefined || range.toMs <= range.fromMs) return [...points];
  const { ms } = intervalFor(range.toMs - range.fromMs);
  const first = Math.floor(range.fromMs / ms) * ms;
  const last = Math.floor((range.toMs - 1) / ms) * ms;
  if ((last - first) / ms + 1 > MAX_FILLED_BUCKETS) return [...points];
  const byKey = new Map(points.map((point) => [point[0], point]));
  const filled: [number, number | null][] = [];
  for (let key = first; key <= last; key += ms) filled.push(byKey.get(key) ?? [key, emptyValue(spec)]);
  // A key off the grid (an engine that aligned differently) is kept rather than lost.
  for (const point of points) if (point[0] < first || point[0] > last || (point[0] - first) % ms !== 0) filled.push(point);
  return filled.sort((a, b) => a[0] - b[0]);
}

function splits(spec: VisSpec): boolean {
  return spec.split !== '' && spec.type !== 'metric';
}

/** Why the spec cannot be searched, or undefined when it can. */
export function visSpecProblem(spec: VisSpec): string | undefined {
  if (spec.metric !== 'count' && spec.metricField === '') return 'Choose the field the metric is computed on';
  return undefined;
}

/** Whether the visualization draws the matching logs' total: `visDataOf`'s value of a count without buckets. */
function drawsTotal(spec: VisSpec): boolean {
  return spec.metric === 'count' && !splits(spec) && !overTime(spec.type);
}

/** The Elasticsearch search body that feeds the visualization for a query over a range. */
export function visSearchBody(spec: VisSpec, query: string, range: TimeRange): Record<string, unknown> {
  const metric = metricAgg(spec);
  const time = histogramAgg(range).agg;
  const inner = overTime(spec.type) ? { time: { ...time, ...(metric === undefined ? {} : { aggs: metric }) } } : metric;
  const aggs = splits(spec)
    ? { split: { terms: { field: spec.split, size: spec.size }, ...(inner === undefined ? {} : { aggs: inner }) } }
    : inner;
  // Counted exactly where the drawn value is the total (a count metric without a split or time axis), which
  // Elasticsearch's default would stop at 10,000; elsewhere not counted at all: the buckets carry their own counts,
  // and a dashboard's panels each scanned their range once more for a total nobody saw.
  return { query: queryOf(query, range), size: 0, track_total_hits: drawsTotal(spec), ...(aggs === undefined ? {} : { aggs }) };
}

/**
 * What the visualization draws, read from the answer to `visSearchBody` over `range` (the range fills the time
 * buckets the answer lacks; without it the buckets are drawn as answered).
 */
export function visDataOf(spec: VisSpec, answer: VisSearchAnswer, range?: TimeRange): VisData {
  const root: Record<string, unknown> = { doc_count: answer.total ?? 0, ...(answer.aggregations ?? {}) };
  const timeSeries = (bucket: Readonly<Record<string, unknown>>, name: string): Series => ({
    name,
    points: filledPoints(
      ((bucket.time as { buckets?: VisBucket[] } | undefined)?.buckets ?? []).map((b) => pointOf(b, spec)),
      spec,
      range,
    ),
  });
  if (splits(spec)) {
    const buckets = (root.split as { buckets?: VisBucket[] } | undefined)?.buckets ?? [];
    if (overTime(spec.type))
      return { series: buckets.map((b) => timeSeries(b, String(b.key_as_string ?? b.key))), value: metricOf(root, spec) };
    return {
      series: [{ name: spec.split, points: buckets.map((b) => [String(b.key_as_string ?? b.key), metricOf(b, spec)]) }],
      value: metricOf(root, spec),
    };
  }
  if (overTime(spec.type)) return { series: [timeSeries(root, spec.metric)], value: metricOf(root, spec) };
  return { series: [], value: metricOf(root, spec) };
}

/** The metric as a panel prints it (a bucket without a value as a dash). */
export function formatMetric(value: number | null): string {
  if (value === null) return '–';
  return Number.isInteger(value) ? value.toLocaleString('en-US') : value.toFixed(2);
}

export function metricLabel(spec: VisSpec): string {
  return spec.metric === 'count' ? 'logs' : `${spec.metric} of ${spec.metricField}`;
}
