import { checkQueryBounds } from './query-bounds.js';
import type { QueryAst } from '../ast.js';
import { parseExists } from '../clauses/exists.js';
import { parseFuzzy } from '../clauses/fuzzy.js';
import { parseIds } from '../clauses/ids.js';
import { parseLookup } from '../clauses/lookup.js';
import { parseBool, parseBoosting, parseConstantScore, parseDisMax } from '../clauses/compound.js';
import { parseMatchAll, parseMatchNone } from '../clauses/match-all.js';
import { parseMatch, parseMatchBoolPrefix } from '../clauses/match.js';
import { parseMatchPhrase, parseMatchPhrasePrefix } from '../clauses/match-phrase.js';
import { parseMultiMatch } from '../clauses/multi-match.js';
import { parsePrefix } from '../clauses/prefix.js';
import { parseQueryString } from '../clauses/query-string.js';
import { parseRange } from '../clauses/range.js';
import { parseRegexp } from '../clauses/regexp.js';
import { parseSimpleQueryString } from '../clauses/simple-query-string.js';
import { parseTerm } from '../clauses/term.js';
import { parseTerms } from '../clauses/terms.js';
import { parseWildcard } from '../clauses/wildcard.js';
import { dslError } from '../dsl/dsl-error.js';
import { child, expectObject } from '../dsl/json-reader.js';
import type { ClauseContext, ParseOptions } from '../dsl/parse-options.js';

type ClauseParser = (body: unknown, path: string, context: ClauseContext) => QueryAst;

const CLAUSES: Readonly<Record<string, ClauseParser>> = {
  match_all: parseMatchAll,
  match_none: parseMatchNone,
  match: parseMatch,
  match_phrase: parseMatchPhrase,
  match_phrase_prefix: parseMatchPhrasePrefix,
  match_bool_prefix: parseMatchBoolPrefix,
  multi_match: parseMultiMatch,
  query_string: parseQueryString,
  simple_query_string: parseSimpleQueryString,
  term: parseTerm,
  terms: parseTerms,
  range: parseRange,
  exists: parseExists,
  prefix: parsePrefix,
  wildcard: parseWildcard,
  regexp: parseRegexp,
  fuzzy: parseFuzzy,
  ids: parseIds,
  lookup: parseLookup,
  bool: parseBool,
  constant_score: parseConstantScore,
  boosting: parseBoosting,
  dis_max: parseDisMax,
};

/** Clauses ES has that Logward does not implement: a clear 400 rather than "unknown". */
const UNSUPPORTED = new Set([
  'nested',
  'has_child',
  'has_parent',
  'geo_distance',
  'geo_bounding_box',
  'geo_shape',
  'script',
  'script_score',
  'function_score',
  'more_like_this',
  'percolate',
  'span_term',
  'span_near',
  'intervals',
  'distance_feature',
  'pinned',
  'wrapper',
  'combined_fields',
  'rank_feature',
  'terms_set',
]);

/**
 * A whole query (`{"<kind>": {...}}`) at `path` → QueryAst, refused with 400 when it breaks a bound
 * (query-bounds.ts): every caller — searches, filters, alert and rule conditions — is bounded the same way.
 */
export function parseQuery(json: unknown, options: ParseOptions, path = 'query'): QueryAst {
  const query = parseClause(json, options, path);
  checkQueryBounds(query, path);
  return query;
}

/** One query clause at `path`, its nested clauses parsed the same way (bounds are checked once, at the top). */
function parseClause(json: unknown, options: ParseOptions, path: string): QueryAst {
  const object = expectObject(json, path);
  const entries = Object.entries(object);
  const [first, ...rest] = entries;
  // ES 6+ refuses an empty clause rather than guessing what it means.
  if (first === undefined) throw dslError(path, 'query malformed, empty clause found');
  if (rest.length > 0) throw dslError(path, `expected one query clause but found [${entries.map(([key]) => key).join(', ')}]`);
  const [name, body] = first;
  const at = child(path, name);
  const parser = CLAUSES[name];
  if (parser === undefined) {
    if (UNSUPPORTED.has(name)) throw dslError(at, `query [${name}] is not supported`);
    throw dslError(at, `unknown query [${name}]`);
  }
  const context: ClauseContext = { options, parseQuery: (nested, nestedPath) => parseClause(nested, options, nestedPath) };
  return parser(body, at, context);
}
