/**
 * The visualization model shared by the web app (which draws it in the browser) and the server (which renders
 * snapshots of it): what a visualization shows, how it is kept in Kibana's visState, the search that feeds it and
 * the chart it draws (decision 0670). Pure: no DOM, no Node, no I/O.
 */

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

const METRIC_TYPES: readonly MetricType[] = ['count', 'avg', 'sum', 'min', 'max', 'cardinality'];

export const DEFAULT_SPEC: VisSpec = { type: 'histogram', metric: 'count', metricField: '', split: '', size: 5 };

export const TIMESTAMP = '@timestamp';

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

/** Whether the visState names a type the model draws (others open read-only in the app). */
export function isDrawableVisState(text: string): boolean {
  try {
    const state = JSON.parse(text) as { type?: unknown };
    return VIS_TYPES.some(([type]) => type === state.type);
  } catch {
    return false;
  }
}

export function fromVisState(text: string): VisSpec {
  try {
    const state = JSON.parse(text) as { type?: string; aggs?: KibanaAgg[] };
    const aggs = Array.isArray(state.aggs) ? state.aggs : [];
    const metric = aggs.find((agg) => agg.schema === 'metric');
    const terms = aggs.find((agg) => agg.type === 'terms');
    const type = VIS_TYPES.find(([t]) => t === state.type)?.[0] ?? DEFAULT_SPEC.type;
    return {
      type,
      metric: METRIC_TYPES.find((m) => m === metric?.type) ?? 'count',
      metricField: typeof metric?.params?.field === 'string' ? metric.params.field : '',
      split: typeof terms?.params?.field === 'string' ? terms.params.field : '',
      size: typeof terms?.params?.size === 'number' ? terms.params.size : 5,
    };
  } catch {
    return DEFAULT_SPEC;
  }
}

/** The query a saved search or visualization keeps in `kibanaSavedObjectMeta.searchSourceJSON`. */
export function queryOfSearchSource(meta: unknown): string {
  if (typeof meta !== 'object' || meta === null) return '';
  const json = (meta as Record<string, unknown>).searchSourceJSON;
  if (typeof json !== 'string') return '';
  try {
    const parsed = JSON.parse(json) as { query?: { query?: unknown } };
    return typeof parsed.query?.query === 'string' ? parsed.query.query : '';
  } catch {
    return '';
  }
}

/** Queries that must all match, as one query_string ('' when none). */
export function allOf(queries: readonly string[]): string {
  const parts = queries.filter((q) => q.trim() !== '');
  if (parts.length <= 1) return parts[0] ?? '';
  return parts.map((q) => `(${q})`).join(' AND ');
}
