import type { AggregationAst, NamedFilter } from '../ast.js';
import { dslError } from '../dsl/dsl-error.js';
import { child, expectObject, isObject, optional, readBoolean, readString, rejectUnknownKeys } from '../dsl/json-reader.js';
import { readAggregationField, type AggregationContext } from './aggregation-context.js';

const FILTERS_KEYS = new Set(['filters', 'other_bucket', 'other_bucket_key', 'keyed']);

/** `filters`: named (`{"errors": {...}}` → keyed buckets) or anonymous (`[{...}]` → a bucket array), `other_bucket`. */
export function parseFiltersAggregation(body: unknown, path: string, context: AggregationContext): AggregationAst {
  const object = expectObject(body, path);
  rejectUnknownKeys(object, FILTERS_KEYS, path);
  const at = child(path, 'filters');
  const raw = object.filters;
  let filters: NamedFilter[];
  let keyed: boolean;
  if (Array.isArray(raw)) {
    filters = raw.map((query, index) => ({ key: String(index), query: context.parseQuery(query, child(at, index)) }));
    keyed = false;
  } else if (isObject(raw)) {
    filters = Object.entries(raw).map(([key, query]) => ({ key, query: context.parseQuery(query, child(at, key)) }));
    keyed = true;
  } else {
    throw dslError(at, 'filters is required: an object of named queries or an array of queries');
  }
  const otherBucketKey = optional(object, 'other_bucket_key', path, readString);
  return {
    kind: 'filters',
    filters,
    keyed: optional(object, 'keyed', path, readBoolean) ?? keyed,
    otherBucket: optional(object, 'other_bucket', path, readBoolean) ?? otherBucketKey !== undefined,
    otherBucketKey: otherBucketKey ?? '_other_',
    aggregations: context.subAggregations,
  };
}

/** `filter`: its body is the query itself. */
export function parseFilterAggregation(body: unknown, path: string, context: AggregationContext): AggregationAst {
  return { kind: 'filter', query: context.parseQuery(body, path), aggregations: context.subAggregations };
}

export function parseMissingAggregation(body: unknown, path: string, context: AggregationContext): AggregationAst {
  const object = expectObject(body, path);
  rejectUnknownKeys(object, new Set(['field', 'script']), path);
  return { kind: 'missing', field: readAggregationField(object, path, context.options), aggregations: context.subAggregations };
}
