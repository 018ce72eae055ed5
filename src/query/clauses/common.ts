import { dslError } from '../dsl/dsl-error.js';
import { child, isObject, readNumber, singleEntry, type JsonObject } from '../dsl/json-reader.js';

/** Keys every clause accepts: `boost` and the query name `_name` (accepted; matched_queries are not reported). */
export const COMMON_KEYS = ['boost', '_name'] as const;

export function keys(...groups: ReadonlyArray<readonly string[]>): ReadonlySet<string> {
  return new Set(groups.flat());
}

export function readBoost(object: JsonObject, path: string): number {
  const value = object.boost;
  if (value === undefined) return 1;
  const boost = readNumber(value, child(path, 'boost'));
  if (boost < 0) throw dslError(child(path, 'boost'), 'negative boost is not allowed');
  return boost;
}

export interface FieldClause {
  readonly field: string;
  /** The value under the field: a scalar (shorthand) or an object of parameters. */
  readonly value: unknown;
  /** Path of the value (`query.term.host`). */
  readonly path: string;
}

/** `{ "<field>": <value> }` — the single-field form of term, prefix, match… */
export function fieldClause(body: unknown, path: string): FieldClause {
  const [field, value] = singleEntry(body, path, 'field');
  return { field, value, path: child(path, field) };
}

/** The object form of a field clause, or `{ [key]: value }` for the shorthand. */
export function expandShorthand(clause: FieldClause, key: string): JsonObject {
  return isObject(clause.value) ? clause.value : { [key]: clause.value };
}
