import type { QueryAst } from '../ast.js';
import { dslError } from '../dsl/dsl-error.js';
import { readFuzziness } from '../dsl/fuzziness.js';
import { child, optional, readBoolean, readInteger, readScalar, rejectUnknownKeys } from '../dsl/json-reader.js';
import { checkExpansionKeys } from '../dsl/logzio-restrictions.js';
import type { ClauseContext } from '../dsl/parse-options.js';
import { COMMON_KEYS, expandShorthand, fieldClause, keys, readBoost } from './common.js';

const ALLOWED = keys(COMMON_KEYS, ['value', 'fuzziness', 'max_expansions', 'prefix_length', 'transpositions', 'rewrite']);

export function parseFuzzy(body: unknown, path: string, context: ClauseContext): QueryAst {
  const clause = fieldClause(body, path);
  const object = expandShorthand(clause, 'value');
  checkExpansionKeys(object, clause.path, context.options);
  rejectUnknownKeys(object, ALLOWED, clause.path);
  if (object.value === undefined) throw dslError(child(clause.path, 'value'), 'value is required');
  optional(object, 'max_expansions', clause.path, (value, at) => readInteger(value, at, 1));
  return {
    kind: 'fuzzy',
    field: clause.field,
    value: String(readScalar(object.value, child(clause.path, 'value'))),
    fuzziness: optional(object, 'fuzziness', clause.path, readFuzziness) ?? { kind: 'auto', low: 3, high: 6 },
    prefixLength: optional(object, 'prefix_length', clause.path, (value, at) => readInteger(value, at, 0)) ?? 0,
    transpositions: optional(object, 'transpositions', clause.path, readBoolean) ?? true,
    normalize: false,
    boost: readBoost(object, clause.path),
  };
}
