import type { QueryAst } from '../ast.js';
import { child, optional, readBoolean, readScalar, rejectUnknownKeys } from '../dsl/json-reader.js';
import { dslError } from '../dsl/dsl-error.js';
import { COMMON_KEYS, expandShorthand, fieldClause, keys, readBoost } from './common.js';

const ALLOWED = keys(COMMON_KEYS, ['value', 'case_insensitive']);

/** `term: {f: v}` or `term: {f: {value, case_insensitive, boost}}`: exact, not analysed. */
export function parseTerm(body: unknown, path: string): QueryAst {
  const clause = fieldClause(body, path);
  const object = expandShorthand(clause, 'value');
  rejectUnknownKeys(object, ALLOWED, clause.path);
  if (object.value === undefined) throw dslError(child(clause.path, 'value'), 'value is required');
  return {
    kind: 'term',
    field: clause.field,
    value: readScalar(object.value, child(clause.path, 'value')),
    caseInsensitive: optional(object, 'case_insensitive', clause.path, readBoolean) ?? false,
    boost: readBoost(object, clause.path),
  };
}
