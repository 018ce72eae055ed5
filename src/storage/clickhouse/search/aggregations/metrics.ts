/**
 * Metric aggregations as columns of the query that groups their parent's buckets, and their Elasticsearch
 * response shapes (`value`, stats objects, percentiles `values`, top_hits `hits`).
 */
import type { AggregationAst, SourceFilter, TermValue } from '../../../../query/index.js';
import { sqlNumber } from '../../sql-literals.js';
import { numericValue } from './dimensions.js';
import type { CompileContext } from '../compile/compile-context.js';
import { scalarOf } from '../fields/field-access.js';
import { formatDate } from './date-format.js';

export type MetricAggregation = Exclude<
  AggregationAst,
  { kind: 'terms' | 'date_histogram' | 'histogram' | 'range' | 'date_range' | 'filters' | 'filter' | 'missing' }
>;

type Row = Record<string, unknown>;

export interface MetricPlan {
  /** `expr AS alias` items for the SELECT. */
  readonly columns: readonly string[];
  /** The ES result of this metric from the grouped row. */
  shape(row: Row): Record<string, unknown>;
  /** The ES result for a bucket without documents. */
  empty(): Record<string, unknown>;
}

const DEFAULT_PERCENTS = [1, 5, 25, 50, 75, 95, 99];

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value)
    ? value
    : value === null || value === undefined
      ? null
      : Number.isFinite(Number(value))
        ? Number(value)
        : null;

function missingLiteral(missing: TermValue | null): string | null {
  if (missing === null) return null;
  const n = typeof missing === 'number' ? missing : typeof missing === 'boolean' ? Number(missing) : Date.parse(missing);
  return Number.isFinite(n) ? sqlNumber(n) : Number.isFinite(Number(missing)) ? sqlNumber(Number(missing)) : null;
}

function percentKey(p: number): string {
  return Number.isInteger(p) ? p.toFixed(1) : String(p);
}

/** top_hits hits whose `_source` is read after the aggregations ran (one query for all of them). */
export interface PendingSource {
  readonly id: string;
  readonly hit: Record<string, unknown>;
  readonly filter: SourceFilter;
}

export function planMetric(context: CompileContext, agg: MetricAggregation, alias: string, pending: PendingSource[] = []): MetricPlan {
  if (agg.kind === 'top_hits') {
    const sort = agg.sort[0];
    let key = '-toUnixTimestamp64Milli(ts)';
    if (sort !== undefined && sort.kind === 'field') {
      const value = numericValue(context.catalog.resolve(sort.field)) ?? 'NULL';
      key = sort.order === 'desc' ? `-ifNull(${value}, -1e308)` : `ifNull(${value}, 1e308)`;
    }
    const limit = Math.max(0, agg.from + agg.size);
    return {
      columns: [`groupArraySorted(${sqlNumber(Math.max(limit, 1))})((${key}, id, type)) AS ${alias}_hits`, `count() AS ${alias}_total`],
      shape(row) {
        const items = (row[`${alias}_hits`] as [number, string, string][] | undefined) ?? [];
        return {
          hits: {
            total: { value: num(row[`${alias}_total`]) ?? 0, relation: 'eq' },
            max_score: null,
            hits: items.slice(agg.from, limit).map(([, id, type]) => {
              const hit: Record<string, unknown> = { _index: type, _type: '_doc', _id: id, _score: null, _source: null };
              pending.push({ id, hit, filter: agg.source });
              return hit;
            }),
          },
        };
      },
      empty: () => ({ hits: { total: { value: 0, relation: 'eq' }, max_score: null, hits: [] } }),
    };
  }
  const field = context.catalog.resolve(agg.field);
  const isDate = field.shape === 'date';
  const fallback = missingLiteral(agg.missing);
  const raw =
    agg.kind === 'value_count' || agg.kind === 'cardinality'
      ? numericValue(field) !== null && field.shape !== 'text' && field.shape !== 'keyword'
        ? numericValue(field)
        : scalarOf(field, 'string')
      : numericValue(field);
  const valueSql = raw === null ? "CAST(NULL, 'Nullable(Float64)')" : raw;
  const v = fallback === null || agg.kind === 'value_count' || agg.kind === 'cardinality' ? valueSql : `coalesce(${valueSql}, ${fallback})`;
  const withString = (value: number | null): Record<string, unknown> =>
    isDate && value !== null ? { value, value_as_string: formatDate(value, null) } : { value };
  const c = (name: string): string => `${alias}_${name}`;
  switch (agg.kind) {
    case 'avg':
    case 'min':
    case 'max':
      return {
        columns: [`${agg.kind}(${v}) AS ${c('v')}`],
        shape: (row) => withString(num(row[c('v')])),
        empty: () => ({ value: null }),
      };
    case 'sum':
      return { columns: [`sum(${v}) AS ${c('v')}`], shape: (row) => ({ value: num(row[c('v')]) ?? 0 }), empty: () => ({ value: 0 }) };
    case 'value_count':
      return { columns: [`count(${v}) AS ${c('v')}`], shape: (row) => ({ value: num(row[c('v')]) ?? 0 }), empty: () => ({ value: 0 }) };
    case 'cardinality':
      return { columns: [`uniq(${v}) AS ${c('v')}`], shape: (row) => ({ value: num(row[c('v')]) ?? 0 }), empty: () => ({ value: 0 }) };
    case 'stats':
    case 'extended_stats': {
      const columns = [
        `count(${v}) AS ${c('count')}`,
        `min(${v}) AS ${c('min')}`,
        `max(${v}) AS ${c('max')}`,
        `avg(${v}) AS ${c('avg')}`,
        `sum(${v}) AS ${c('sum')}`,
      ];
      if (agg.kind === 'extended_stats')
        columns.push(`sum(${v} * ${v}) AS ${c('sq')}`, `varPop(${v}) AS ${c('var')}`, `varSamp(${v}) AS ${c('vars')}`);
      const sigma = agg.sigma ?? 2;
      const shape = (row: Row): Record<string, unknown> => {
        const count = num(row[c('count')]) ?? 0;
        const base: Record<string, unknown> = {
          count,
          min: count === 0 ? null : num(row[c('min')]),
          max: count === 0 ? null : num(row[c('max')]),
          avg: count === 0 ? null : num(row[c('avg')]),
          sum: num(row[c('sum')]) ?? 0,
        };
        if (agg.kind === 'extended_stats') {
          const variance = count === 0 ? null : num(row[c('var')]);
          const sampling = count < 2 ? null : num(row[c('vars')]);
          const std = variance === null ? null : Math.sqrt(variance);
          const stdSampling = sampling === null ? null : Math.sqrt(sampling);
          const avg = base.avg as number | null;
          Object.assign(base, {
            sum_of_squares: count === 0 ? null : num(row[c('sq')]),
            variance,
            variance_population: variance,
            variance_sampling: sampling,
            std_deviation: std,
            std_deviation_population: std,
            std_deviation_sampling: stdSampling,
            std_deviation_bounds: {
              upper: avg === null || std === null ? null : avg + sigma * std,
              lower: avg === null || std === null ? null : avg - sigma * std,
              upper_population: avg === null || std === null ? null : avg + sigma * std,
              lower_population: avg === null || std === null ? null : avg - sigma * std,
              upper_sampling: avg === null || stdSampling === null ? null : avg + sigma * stdSampling,
              lower_sampling: avg === null || stdSampling === null ? null : avg - sigma * stdSampling,
            },
          });
        }
        return base;
      };
      return { columns, shape, empty: () => shape({}) };
    }
    case 'percentiles': {
      const percents = agg.percents.length === 0 ? DEFAULT_PERCENTS : agg.percents;
      const levels = percents.map((p) => sqlNumber(Math.min(Math.max(p / 100, 0), 1))).join(', ');
      const shapeValues = (values: readonly (number | null)[]): Record<string, unknown> => {
        if (agg.keyed) return { values: Object.fromEntries(percents.map((p, i) => [percentKey(p), values[i] ?? null])) };
        return { values: percents.map((p, i) => ({ key: p, value: values[i] ?? null })) };
      };
      return {
        columns: [`quantilesTDigest(${levels})(${v}) AS ${c('q')}`, `count(${v}) AS ${c('n')}`],
        shape: (row) => shapeValues((num(row[c('n')]) ?? 0) === 0 ? [] : ((row[c('q')] as unknown[] | undefined) ?? []).map(num)),
        empty: () => shapeValues([]),
      };
    }
  }
}
