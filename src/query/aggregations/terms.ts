import type { AggregationAst, TermsFilter } from '../ast.js';
import { dslError } from '../dsl/dsl-error.js';
import {
  child,
  expectObject,
  isObject,
  optional,
  readBoolean,
  readInteger,
  readScalar,
  readString,
  rejectUnknownKeys,
} from '../dsl/json-reader.js';
import { cannotBeExecuted } from '../dsl/logzio-restrictions.js';
import { readAggregationField, type AggregationContext } from './aggregation-context.js';
import { readBucketOrder } from './bucket-order.js';

const ALLOWED = new Set([
  'field',
  'script',
  'size',
  'shard_size',
  'order',
  'min_doc_count',
  'shard_min_doc_count',
  'missing',
  'include',
  'exclude',
  'show_term_doc_count_error',
  'execution_hint',
  'collect_mode',
  'value_type',
  'format',
]);

/** Buckets answered at most (Logz.io: aggregated results are capped at 1,000; SPEC.md "Limits"). */
export const MAX_TERMS_SIZE = 1000;

type TermsAggregation = Extract<AggregationAst, { kind: 'terms' }>;

/** A terms aggregation with every option as a request leaving them out parses to: for the ones the server asks itself. */
export function termsAggregation(
  field: string,
  size: number,
  more: Partial<Pick<TermsAggregation, 'order' | 'aggregations'>> = {},
): TermsAggregation {
  return {
    kind: 'terms',
    field,
    size,
    order: [],
    minDocCount: 1,
    missing: null,
    include: null,
    exclude: null,
    showTermDocCountError: false,
    aggregations: [],
    ...more,
  };
}

function readTermsFilter(value: unknown, path: string): TermsFilter {
  if (typeof value === 'string') return { kind: 'regex', pattern: value };
  if (Array.isArray(value)) return { kind: 'values', values: value.map((entry, index) => readScalar(entry, child(path, index))) };
  if (isObject(value) && value.partition !== undefined) {
    rejectUnknownKeys(value, new Set(['partition', 'num_partitions']), path);
    const numPartitions = readInteger(value.num_partitions, child(path, 'num_partitions'), 1);
    return { kind: 'partition', partition: readInteger(value.partition, child(path, 'partition'), 0, numPartitions - 1), numPartitions };
  }
  throw dslError(path, 'expected a regular expression, an array of values or {partition, num_partitions}');
}

export function parseTermsAggregation(body: unknown, path: string, context: AggregationContext): AggregationAst {
  const object = expectObject(body, path);
  rejectUnknownKeys(object, ALLOWED, path);
  const field = readAggregationField(object, path, context.options);
  const size = optional(object, 'size', path, (value, at) => readInteger(value, at, 1)) ?? 10;
  if (size > MAX_TERMS_SIZE) {
    const at = child(path, 'size');
    if (context.options.profile === 'logzio') throw cannotBeExecuted(`aggregation size must not exceed ${MAX_TERMS_SIZE} (${at})`, at);
    throw dslError(at, `must be at most ${MAX_TERMS_SIZE} but was ${size}`);
  }
  optional(object, 'shard_size', path, (value, at) => readInteger(value, at, -1));
  const missing = object.missing === undefined ? null : readScalar(object.missing, child(path, 'missing'));
  optional(object, 'format', path, readString);
  return {
    kind: 'terms',
    field,
    size,
    order: readBucketOrder(object.order, child(path, 'order'), context.subAggregations, [
      { by: '_count', order: 'desc' },
      { by: '_key', order: 'asc' },
    ]),
    minDocCount: optional(object, 'min_doc_count', path, (value, at) => readInteger(value, at, 0)) ?? 1,
    missing,
    include: optional(object, 'include', path, readTermsFilter) ?? null,
    exclude: optional(object, 'exclude', path, readTermsFilter) ?? null,
    showTermDocCountError: optional(object, 'show_term_doc_count_error', path, readBoolean) ?? false,
    aggregations: context.subAggregations,
  };
}
