import type { QueryAst } from '../ast.js';
import { dslError } from '../dsl/dsl-error.js';
import { child, optional, readBoolean, readInteger, readString, rejectUnknownKeys } from '../dsl/json-reader.js';
import { checkExpansionKeys } from '../dsl/logzio-restrictions.js';
import type { ClauseContext } from '../dsl/parse-options.js';
import { COMMON_KEYS, expandShorthand, fieldClause, keys, readBoost } from './common.js';

const ALLOWED = keys(COMMON_KEYS, ['value', 'flags', 'flags_value', 'case_insensitive', 'max_determinized_states', 'rewrite']);
const FLAGS = new Set(['ALL', 'ANYSTRING', 'COMPLEMENT', 'EMPTY', 'INTERSECTION', 'INTERVAL', 'NONE']);

/** Lucene regexp flags (`ALL` by default), `|`-separated. */
export function readRegexpFlags(value: unknown, path: string): string[] {
  const flags = readString(value, path)
    .split('|')
    .map((flag) => flag.trim().toUpperCase())
    .filter((flag) => flag !== '');
  for (const flag of flags) if (!FLAGS.has(flag)) throw dslError(path, `unknown regexp flag [${flag}]`);
  return flags.length === 0 ? ['ALL'] : flags;
}

export function parseRegexp(body: unknown, path: string, context: ClauseContext): QueryAst {
  const clause = fieldClause(body, path);
  const object = expandShorthand(clause, 'value');
  checkExpansionKeys(object, clause.path, context.options);
  rejectUnknownKeys(object, ALLOWED, clause.path);
  if (object.value === undefined) throw dslError(child(clause.path, 'value'), 'value is required');
  optional(object, 'max_determinized_states', clause.path, (value, at) => readInteger(value, at, 1));
  return {
    kind: 'regexp',
    field: clause.field,
    pattern: readString(object.value, child(clause.path, 'value')),
    flags: optional(object, 'flags', clause.path, readRegexpFlags) ?? ['ALL'],
    caseInsensitive: optional(object, 'case_insensitive', clause.path, readBoolean) ?? false,
    normalize: false,
    boost: readBoost(object, clause.path),
  };
}
