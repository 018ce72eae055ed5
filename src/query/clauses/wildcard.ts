import type { QueryAst } from '../ast.js';
import { dslError } from '../dsl/dsl-error.js';
import { child, optional, readBoolean, readString, rejectUnknownKeys } from '../dsl/json-reader.js';
import { checkWildcardQuery } from '../dsl/logzio-restrictions.js';
import type { ClauseContext } from '../dsl/parse-options.js';
import { COMMON_KEYS, expandShorthand, fieldClause, keys, readBoost } from './common.js';

const ALLOWED = keys(COMMON_KEYS, ['value', 'wildcard', 'rewrite', 'case_insensitive']);

export function parseWildcard(body: unknown, path: string, context: ClauseContext): QueryAst {
  const clause = fieldClause(body, path);
  const object = expandShorthand(clause, 'value');
  rejectUnknownKeys(object, ALLOWED, clause.path);
  const value = object.value ?? object.wildcard;
  if (value === undefined) throw dslError(child(clause.path, 'value'), 'value is required');
  const pattern = readString(value, child(clause.path, 'value'));
  checkWildcardQuery(pattern, clause.path, context.options);
  return {
    kind: 'wildcard',
    field: clause.field,
    pattern,
    caseInsensitive: optional(object, 'case_insensitive', clause.path, readBoolean) ?? false,
    normalize: false,
    boost: readBoost(object, clause.path),
  };
}
