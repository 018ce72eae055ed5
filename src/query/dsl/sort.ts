import type { SortClause, SortOrder } from '../ast.js';
import { dslError } from './dsl-error.js';
import {
  arrayOrSingle,
  child,
  expectObject,
  isObject,
  optional,
  readEnum,
  readScalar,
  readString,
  rejectUnknownKeys,
  singleEntry,
} from './json-reader.js';
import { checkNotAnalyzedField } from './logzio-restrictions.js';
import type { ParseOptions } from './parse-options.js';

const FIELD_SORT_KEYS = new Set(['order', 'missing', 'unmapped_type', 'mode', 'format', 'numeric_type', 'nested']);
const SPECIAL_SORT_KEYS = new Set(['order']);

const readOrder = (value: unknown, path: string): SortOrder => readEnum(value, path, ['asc', 'desc']);

function readMissing(value: unknown, path: string): '_last' | '_first' | string | number | boolean {
  return readScalar(value, path);
}

function sortOn(name: string, spec: unknown, path: string, options: ParseOptions): SortClause {
  const at = spec === undefined ? path : child(path, name);
  // `{"f": "desc"}` is the shorthand of `{"f": {"order": "desc"}}`.
  const settings = spec === undefined ? {} : isObject(spec) ? spec : { order: readOrder(spec, at) };
  if (name === '_score' || name === '_doc') {
    rejectUnknownKeys(settings, SPECIAL_SORT_KEYS, at);
    // `_score` sorts best first unless told otherwise; everything else ascending.
    const order = optional(settings, 'order', at, readOrder) ?? (name === '_score' ? 'desc' : 'asc');
    return name === '_score' ? { kind: 'score', order } : { kind: 'doc', order };
  }
  rejectUnknownKeys(settings, FIELD_SORT_KEYS, at);
  if (settings.nested !== undefined) throw dslError(child(at, 'nested'), 'nested sort is not supported');
  checkNotAnalyzedField(name, 'sort', at, options);
  return {
    kind: 'field',
    field: name,
    order: optional(settings, 'order', at, readOrder) ?? 'asc',
    missing: optional(settings, 'missing', at, readMissing) ?? '_last',
    unmappedType: optional(settings, 'unmapped_type', at, readString) ?? null,
    mode: optional(settings, 'mode', at, (value, p) => readEnum(value, p, ['min', 'max', 'sum', 'avg', 'median'])) ?? null,
    format: optional(settings, 'format', at, readString) ?? null,
  };
}

/** `sort` in every ES form: `"f"`, `{"f": "desc"}`, `{"f": {"order", "missing", "unmapped_type"}}`, `_score`, `_doc`, or a list of them. */
export function parseSort(value: unknown, path: string, options: ParseOptions): SortClause[] {
  const list = arrayOrSingle(value);
  return list.map((entry, index) => {
    const at = Array.isArray(value) ? child(path, index) : path;
    if (typeof entry === 'string') {
      if (entry === '') throw dslError(at, 'sort field must not be empty');
      return sortOn(entry, undefined, at, options);
    }
    expectObject(entry, at);
    const [name, spec] = singleEntry(entry, at, 'sort field');
    return sortOn(name, spec, at, options);
  });
}
