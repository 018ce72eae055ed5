import type { QueryAst } from '../ast.js';
import { optional, readInteger, rejectUnknownKeys } from '../dsl/json-reader.js';
import { checkExpansionKeys } from '../dsl/logzio-restrictions.js';
import type { ClauseContext } from '../dsl/parse-options.js';
import { COMMON_KEYS, expandShorthand, fieldClause, keys, readBoost } from './common.js';
import { readFullText } from './full-text.js';

const PHRASE_KEYS = keys(COMMON_KEYS, ['query', 'slop', 'analyzer', 'zero_terms_query']);
const PHRASE_PREFIX_KEYS = keys(COMMON_KEYS, ['query', 'slop', 'analyzer', 'zero_terms_query', 'max_expansions']);

/** ES's default for match_phrase_prefix. */
const DEFAULT_MAX_EXPANSIONS = 50;

function parsePhraseLike(body: unknown, path: string, context: ClauseContext, prefix: boolean): QueryAst {
  const clause = fieldClause(body, path);
  const object = expandShorthand(clause, 'query');
  checkExpansionKeys(object, clause.path, context.options);
  rejectUnknownKeys(object, prefix ? PHRASE_PREFIX_KEYS : PHRASE_KEYS, clause.path);
  const input = readFullText(object, clause.path);
  return {
    kind: 'phrase',
    field: clause.field,
    text: input.text,
    tokens: input.tokens,
    slop: optional(object, 'slop', clause.path, (value, at) => readInteger(value, at, 0)) ?? 0,
    lastTokenIsPrefix: prefix,
    maxExpansions: optional(object, 'max_expansions', clause.path, (value, at) => readInteger(value, at, 1)) ?? DEFAULT_MAX_EXPANSIONS,
    zeroTermsQuery: input.zeroTermsQuery,
    lenient: false,
    boost: readBoost(object, clause.path),
  };
}

/** `match_phrase: {f: "connection refused"}` / `{f: {query, slop}}`. */
export function parseMatchPhrase(body: unknown, path: string, context: ClauseContext): QueryAst {
  return parsePhraseLike(body, path, context, false);
}

/** `match_phrase_prefix`: a phrase whose last token matches as a prefix. */
export function parseMatchPhrasePrefix(body: unknown, path: string, context: ClauseContext): QueryAst {
  return parsePhraseLike(body, path, context, true);
}
