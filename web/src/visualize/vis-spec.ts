import { histogramAgg, queryOf, resolveRange, search, TIMESTAMP, type Bucket, type SearchState } from '../search.js';

export type VisType = 'line' | 'histogram' | 'pie' | 'metric' | 'table';
export type MetricType = 'count' | 'avg' | 'sum' | 'min' | 'max' | 'cardinality';

/** What the editor edits; kept in the saved object as Kibana's visState. */
export interface VisSpec {
  readonly type: VisType;
  readonly metric: MetricType;
  readonly metricField: string;
  /** A terms field splitting the series (line/bar) or the slices/rows (pie/table); '' for none. */
  readonly split: string;
  readonly size: number;
}

export const VIS_TYPES: readonly [VisType, string][] = [
  ['line', 'Line over time'],
  ['histogram', 'Bars over time'],
  ['pie', 'Pie'],
  ['metric', 'Single metric'],
  ['table', 'Data table'],
];

export const DEFAULT_SPEC: VisSpec = { type: 'histogram', metric: 'count', metricField: '', split: '', size: 5 };

export function overTime(type: VisType): boolean {
  return type === 'line' || type === 'histogram';
}

/** Kibana's visState for the spec (what export hands to Kibana-shaped tools). */
export function toVisState(title: string, spec: VisSpec): Record<string, unknown> {
  const aggs: Record<string, unknown>[] = [
    { id: '1', enabled: true, type: spec.metric, schema: 'metric', params: spec.metric === 'count' ? {} : { field: spec.metricField } },
  ];
  if (overTime(spec.type))
    aggs.push({ id: '2', enabled: true, type: 'date_histogram', schema: 'segment', params: { field: TIMESTAMP, interval: 'auto' } });
  if (spec.split !== '' && spec.type !== 'metric')
    aggs.push({
      id: '3',
      enabled: true,
      type: 'terms',
      schema: overTime(spec.type) ? 'group' : 'segment',
      params: { field: spec.split, size: spec.size, order: 'desc', orderBy: '1' },
    });
  return { title, type: spec.type, params: {}, aggs };
}

interface KibanaAgg {
  type?: string;
  schema?: string;
  params?: { field?: string; size?: number };
}

export function fromVisState(text: string): VisSpec {
  try {
    const state = JSON.parse(text) as { type?: string; aggs?: KibanaAgg[] };
    const aggs = state.aggs ?? [];
    const metric = aggs.find((agg) => agg.schema === 'metric');
    const terms = aggs.find((agg) => agg.type === 'terms');
    const type = VIS_TYPES.some(([t]) => t === state.type) ? (state.type as VisType) : DEFAULT_SPEC.type;
    return {
      type,
      metric: (metric?.type as MetricType | undefined) ?? 'count',
      metricField: metric?.params?.field ?? '',
      split: terms?.params?.field ?? '',
      size: terms?.params?.size ?? 5,
    };
  } catch {
    return DEFAULT_SPEC;
  }
}

export interface Series {
  readonly name: string;
  readonly points: readonly [number | string, number][];
}

export interface VisData {
  readonly series: readonly Series[];
  readonly value: number;
}

function metricAgg(spec: VisSpec): Record<string, unknown> | undefined {
  return spec.metric === 'count' ? undefined : { m: { [spec.metric]: { field: spec.metricField } } };
}

function metricOf(bucket: Bucket | Record<string, unknown>, spec: VisSpec): number {
  if (spec.metric === 'count') return Number((bucket as Bucket).doc_count ?? 0);
  const value = (bucket.m as { value?: number | null } | undefined)?.value;
  return typeof value === 'number' ? value : 0;
}

/** Runs the spec's aggregation for a query and range through /v1/search. */
export async function runVis(spec: VisSpec, state: SearchState, signal?: AbortSignal): Promise<VisData> {
  const range = resolveRange(state);
  if (range === undefined) throw new Error('The time range is not valid');
  if (spec.metric !== 'count' && spec.metricField === '') throw new Error('Choose the field the metric is computed on');
  const metric = metricAgg(spec);
  const time = histogramAgg(range).agg;
  const inner = overTime(spec.type) ? { time: { ...time, ...(metric === undefined ? {} : { aggs: metric }) } } : metric;
  const split = spec.split !== '' && spec.type !== 'metric';
  const aggs = split
    ? { split: { terms: { field: spec.split, size: spec.size }, ...(inner === undefined ? {} : { aggs: inner }) } }
    : inner;
  const response = await search({ query: queryOf(state.query, range), size: 0, ...(aggs === undefined ? {} : { aggs }) }, range, signal);
  const root = { doc_count: response.hits.total, ...(response.aggregations ?? {}) } as Record<string, unknown>;
  const timeSeries = (bucket: Record<string, unknown>, name: string): Series => ({
    name,
    points: ((bucket.time as { buckets?: Bucket[] } | undefined)?.buckets ?? []).map((b) => [Number(b.key), metricOf(b, spec)]),
  });
  if (split) {
    const buckets = (root.split as { buckets?: Bucket[] } | undefined)?.buckets ?? [];
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
