import type { AggregationAst } from '../ast.js';
import { dslError } from '../dsl/dsl-error.js';
import {
  child,
  expectArray,
  expectObject,
  isObject,
  optional,
  readBoolean,
  readInteger,
  readNumber,
  readScalar,
  readString,
  rejectUnknownKeys,
} from '../dsl/json-reader.js';
import { parseSort } from '../dsl/sort.js';
import { parseSourceFilter } from '../dsl/source-filter.js';
import { readAggregationField, type AggregationContext } from './aggregation-context.js';

type SimpleMetric = 'avg' | 'sum' | 'min' | 'max' | 'value_count' | 'cardinality' | 'stats' | 'extended_stats';

const METRIC_KEYS = new Set(['field', 'script', 'missing', 'format', 'value_type']);
const EXTRA_KEYS: Readonly<Record<SimpleMetric, readonly string[]>> = {
  avg: [],
  sum: [],
  min: [],
  max: [],
  value_count: [],
  cardinality: ['precision_threshold', 'rehash', 'execution_hint'],
  stats: [],
  extended_stats: ['sigma'],
};

function refuseSubAggregations(kind: string, path: string, context: AggregationContext): void {
  const first = context.subAggregations[0];
  if (first !== undefined) throw dslError(path, `aggregator [${first.name}] of type [${kind}] cannot accept sub-aggregations`);
}

/** avg, sum, min, max, value_count, cardinality, stats, extended_stats: one field, optional `missing`. */
export function parseMetric(kind: SimpleMetric, body: unknown, path: string, context: AggregationContext): AggregationAst {
  refuseSubAggregations(kind, path, context);
  const object = expectObject(body, path);
  rejectUnknownKeys(object, new Set([...METRIC_KEYS, ...EXTRA_KEYS[kind]]), path);
  optional(object, 'format', path, readString);
  const sigma = optional(object, 'sigma', path, readNumber);
  if (sigma !== undefined && sigma < 0) throw dslError(child(path, 'sigma'), 'sigma must be non-negative');
  return {
    kind,
    field: readAggregationField(object, path, context.options),
    missing: optional(object, 'missing', path, readScalar) ?? null,
    sigma: kind === 'extended_stats' ? (sigma ?? 2) : null,
    precisionThreshold: optional(object, 'precision_threshold', path, (value, at) => readInteger(value, at, 0)) ?? null,
  };
}

const PERCENTILES_KEYS = new Set(['field', 'script', 'missing', 'percents', 'keyed', 'tdigest', 'hdr', 'format']);
const DEFAULT_PERCENTS = [1, 5, 25, 50, 75, 95, 99];

export function parsePercentiles(body: unknown, path: string, context: AggregationContext): AggregationAst {
  refuseSubAggregations('percentiles', path, context);
  const object = expectObject(body, path);
  rejectUnknownKeys(object, PERCENTILES_KEYS, path);
  const at = child(path, 'percents');
  const percents =
    object.percents === undefined
      ? DEFAULT_PERCENTS
      : expectArray(object.percents, at).map((value, index) => readNumber(value, child(at, index)));
  percents.forEach((percent, index) => {
    if (percent < 0 || percent > 100) throw dslError(child(at, index), `percent must be in [0, 100] but was ${percent}`);
  });
  if (object.tdigest !== undefined && !isObject(object.tdigest)) throw dslError(child(path, 'tdigest'), 'expected an object');
  if (object.hdr !== undefined && !isObject(object.hdr)) throw dslError(child(path, 'hdr'), 'expected an object');
  return {
    kind: 'percentiles',
    field: readAggregationField(object, path, context.options),
    percents,
    keyed: optional(object, 'keyed', path, readBoolean) ?? true,
    missing: optional(object, 'missing', path, readScalar) ?? null,
  };
}

const TOP_HITS_KEYS = new Set([
  'from',
  'size',
  'sort',
  '_source',
  'docvalue_fields',
  'stored_fields',
  'version',
  'explain',
  'seq_no_primary_term',
  'track_scores',
  'fields',
  'highlight',
  'script_fields',
]);

/** ES's cap on top_hits `size` (index.max_inner_result_window). */
const MAX_TOP_HITS = 100;

export function parseTopHits(body: unknown, path: string, context: AggregationContext): AggregationAst {
  refuseSubAggregations('top_hits', path, context);
  const object = expectObject(body, path);
  rejectUnknownKeys(object, TOP_HITS_KEYS, path);
  if (object.script_fields !== undefined) throw dslError(child(path, 'script_fields'), 'scripts are not supported');
  return {
    kind: 'top_hits',
    from: optional(object, 'from', path, (value, at) => readInteger(value, at, 0)) ?? 0,
    size: optional(object, 'size', path, (value, at) => readInteger(value, at, 0, MAX_TOP_HITS)) ?? 3,
    sort: object.sort === undefined ? [] : parseSort(object.sort, child(path, 'sort'), context.options),
    source: parseSourceFilter(object._source, child(path, '_source')),
  };
}
