import type { NamedAggregation, QueryAst } from '../ast.js';
import { dslError } from '../dsl/dsl-error.js';
import { child, readString, type JsonObject } from '../dsl/json-reader.js';
import { checkNotAnalyzedField } from '../dsl/logzio-restrictions.js';
import type { ParseOptions } from '../dsl/parse-options.js';

/** What an aggregation parser receives: its body, path, sub-aggregations already parsed, and the options. */
export interface AggregationContext {
  readonly options: ParseOptions;
  /** The aggregation's already-parsed sub-aggregations (bucket aggregations keep them, metrics refuse them). */
  readonly subAggregations: readonly NamedAggregation[];
  parseQuery(json: unknown, path: string): QueryAst;
}

/** `field` (required) — refusing `script`, which Logward does not run. */
export function readAggregationField(object: JsonObject, path: string, options: ParseOptions): string {
  if (object.script !== undefined) throw dslError(child(path, 'script'), 'scripts are not supported in aggregations; use a field');
  if (object.field === undefined) throw dslError(child(path, 'field'), 'field is required');
  const field = readString(object.field, child(path, 'field'));
  checkNotAnalyzedField(field, 'aggregate', child(path, 'field'), options);
  return field;
}
