import type { QueryAst } from '../ast.js';
import { readFuzziness } from '../dsl/fuzziness.js';
import { optional, readBoolean, readEnum, readInteger, rejectUnknownKeys } from '../dsl/json-reader.js';
import { checkExpansionKeys } from '../dsl/logzio-restrictions.js';
import { readMinimumShouldMatch } from '../dsl/minimum-should-match.js';
import type { ClauseContext } from '../dsl/parse-options.js';
import { COMMON_KEYS, expandShorthand, fieldClause, keys, readBoost } from './common.js';
import { readFullText } from './full-text.js';

const ALLOWED = keys(COMMON_KEYS, [
  'query',
  'operator',
  'minimum_should_match',
  'fuzziness',
  'prefix_length',
  'max_expansions',
  'fuzzy_transpositions',
  'fuzzy_rewrite',
  'lenient',
  'zero_terms_query',
  'analyzer',
  'auto_generate_synonyms_phrase_query',
  'cutoff_frequency',
]);

function parseMatchLike(body: unknown, path: string, context: ClauseContext, lastTokenIsPrefix: boolean): QueryAst {
  const clause = fieldClause(body, path);
  const object = expandShorthand(clause, 'query');
  checkExpansionKeys(object, clause.path, context.options);
  rejectUnknownKeys(object, ALLOWED, clause.path);
  const input = readFullText(object, clause.path);
  optional(object, 'max_expansions', clause.path, (value, at) => readInteger(value, at, 1));
  return {
    kind: 'match',
    field: clause.field,
    text: input.text,
    tokens: input.tokens,
    operator: optional(object, 'operator', clause.path, (value, at) => readEnum(value, at, ['or', 'and'])) ?? 'or',
    minimumShouldMatch: optional(object, 'minimum_should_match', clause.path, readMinimumShouldMatch) ?? null,
    fuzziness: optional(object, 'fuzziness', clause.path, readFuzziness) ?? null,
    prefixLength: optional(object, 'prefix_length', clause.path, (value, at) => readInteger(value, at, 0)) ?? 0,
    lastTokenIsPrefix,
    zeroTermsQuery: input.zeroTermsQuery,
    lenient: optional(object, 'lenient', clause.path, readBoolean) ?? false,
    boost: readBoost(object, clause.path),
  };
}

/** `match: {f: "text"}` / `{f: {query, operator, minimum_should_match, fuzziness, …}}`. */
export function parseMatch(body: unknown, path: string, context: ClauseContext): QueryAst {
  return parseMatchLike(body, path, context, false);
}

/** `match_bool_prefix`: a match whose last token is a prefix (and any token may be fuzzy). */
export function parseMatchBoolPrefix(body: unknown, path: string, context: ClauseContext): QueryAst {
  return parseMatchLike(body, path, context, true);
}
