import type { QueryAst } from '../ast.js';
import { dslError } from '../dsl/dsl-error.js';
import { child, expectArray, expectObject, optional, readBoolean, readNumber, rejectUnknownKeys } from '../dsl/json-reader.js';
import { readMinimumShouldMatch } from '../dsl/minimum-should-match.js';
import type { ClauseContext } from '../dsl/parse-options.js';
import { COMMON_KEYS, keys, readBoost } from './common.js';

const BOOL_KEYS = keys(COMMON_KEYS, ['must', 'should', 'must_not', 'filter', 'minimum_should_match', 'adjust_pure_negative']);

/** A bool occurrence: one clause or an array of clauses (paths index into the array when it is one). */
function occurrence(object: Readonly<Record<string, unknown>>, key: string, path: string, context: ClauseContext): QueryAst[] {
  const value = object[key];
  if (value === undefined || value === null) return [];
  const at = child(path, key);
  if (!Array.isArray(value)) return [context.parseQuery(value, at)];
  return value.map((clause: unknown, index) => context.parseQuery(clause, child(at, index)));
}

export function parseBool(body: unknown, path: string, context: ClauseContext): QueryAst {
  const object = expectObject(body, path);
  rejectUnknownKeys(object, BOOL_KEYS, path);
  optional(object, 'adjust_pure_negative', path, readBoolean);
  return {
    kind: 'bool',
    must: occurrence(object, 'must', path, context),
    should: occurrence(object, 'should', path, context),
    mustNot: occurrence(object, 'must_not', path, context),
    filter: occurrence(object, 'filter', path, context),
    minimumShouldMatch: optional(object, 'minimum_should_match', path, readMinimumShouldMatch) ?? null,
    boost: readBoost(object, path),
  };
}

const CONSTANT_SCORE_KEYS = keys(COMMON_KEYS, ['filter']);

export function parseConstantScore(body: unknown, path: string, context: ClauseContext): QueryAst {
  const object = expectObject(body, path);
  rejectUnknownKeys(object, CONSTANT_SCORE_KEYS, path);
  if (object.filter === undefined) throw dslError(child(path, 'filter'), 'filter is required');
  return { kind: 'constant_score', filter: context.parseQuery(object.filter, child(path, 'filter')), boost: readBoost(object, path) };
}

const BOOSTING_KEYS = keys(COMMON_KEYS, ['positive', 'negative', 'negative_boost']);

export function parseBoosting(body: unknown, path: string, context: ClauseContext): QueryAst {
  const object = expectObject(body, path);
  rejectUnknownKeys(object, BOOSTING_KEYS, path);
  for (const key of ['positive', 'negative', 'negative_boost']) {
    if (object[key] === undefined) throw dslError(child(path, key), `${key} is required`);
  }
  return {
    kind: 'boosting',
    positive: context.parseQuery(object.positive, child(path, 'positive')),
    negative: context.parseQuery(object.negative, child(path, 'negative')),
    negativeBoost: readNumber(object.negative_boost, child(path, 'negative_boost')),
    boost: readBoost(object, path),
  };
}

const DIS_MAX_KEYS = keys(COMMON_KEYS, ['queries', 'tie_breaker']);

export function parseDisMax(body: unknown, path: string, context: ClauseContext): QueryAst {
  const object = expectObject(body, path);
  rejectUnknownKeys(object, DIS_MAX_KEYS, path);
  const at = child(path, 'queries');
  if (object.queries === undefined) throw dslError(at, 'queries is required');
  return {
    kind: 'dis_max',
    queries: expectArray(object.queries, at).map((query, index) => context.parseQuery(query, child(at, index))),
    tieBreaker: optional(object, 'tie_breaker', path, readNumber) ?? 0,
    boost: readBoost(object, path),
  };
}
