import type { QueryAst } from '../ast.js';
import { dslError } from '../dsl/dsl-error.js';
import { child, optional, readBoolean, readScalar, rejectUnknownKeys } from '../dsl/json-reader.js';
import { COMMON_KEYS, expandShorthand, fieldClause, keys, readBoost } from './common.js';

const ALLOWED = keys(COMMON_KEYS, ['value', 'prefix', 'rewrite', 'case_insensitive']);

export function parsePrefix(body: unknown, path: string): QueryAst {
  const clause = fieldClause(body, path);
  const object = expandShorthand(clause, 'value');
  rejectUnknownKeys(object, ALLOWED, clause.path);
  const value = object.value ?? object.prefix;
  if (value === undefined) throw dslError(child(clause.path, 'value'), 'value is required');
  return {
    kind: 'prefix',
    field: clause.field,
    prefix: String(readScalar(value, child(clause.path, 'value'))),
    caseInsensitive: optional(object, 'case_insensitive', clause.path, readBoolean) ?? false,
    boost: readBoost(object, clause.path),
  };
}
