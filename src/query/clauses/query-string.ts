import { checkQueryStringLength } from '../dsl/query-string-length.js';
import type { QueryAst } from '../ast.js';
import { dslError } from '../dsl/dsl-error.js';
import { readFuzziness } from '../dsl/fuzziness.js';
import {
  child,
  expectArray,
  expectObject,
  optional,
  readBoolean,
  readEnum,
  readInteger,
  readNumber,
  readString,
  rejectUnknownKeys,
} from '../dsl/json-reader.js';
import { checkAllowLeadingWildcard, checkExpansionKeys, queryStringSyntaxError } from '../dsl/logzio-restrictions.js';
import { LuceneSyntaxError } from '../lucene/lexer.js';
import { parseLucene } from '../lucene/parser.js';
import { luceneToQueryAst, type QueryStringSettings } from '../lucene/to-query-ast.js';
import { readMinimumShouldMatch } from '../dsl/minimum-should-match.js';
import type { ClauseContext, LuceneQueryOptions } from '../dsl/parse-options.js';
import { readBoostedField, readField, type BoostedField } from '../dsl/field-names.js';
import { COMMON_KEYS, keys, readBoost } from './common.js';
import { readAnalyzer } from './full-text.js';
import { readTimeZone } from '../dsl/range-bound.js';

const ALLOWED = keys(COMMON_KEYS, [
  'query',
  'default_field',
  'fields',
  'default_operator',
  'analyzer',
  'quote_analyzer',
  'allow_leading_wildcard',
  'enable_position_increments',
  'fuzzy_max_expansions',
  'fuzziness',
  'fuzzy_prefix_length',
  'fuzzy_transpositions',
  'phrase_slop',
  'analyze_wildcard',
  'auto_generate_synonyms_phrase_query',
  'max_determinized_states',
  'minimum_should_match',
  'lenient',
  'time_zone',
  'quote_field_suffix',
  'rewrite',
  'fuzzy_rewrite',
  'type',
  'tie_breaker',
  'escape',
  'auto_generate_phrase_queries',
  'split_on_whitespace',
  'all_fields',
  'use_dis_max',
]);

/** Parses Lucene syntax with `settings`, turning syntax errors into the profile's 400. */
export function parseWithSettings(query: string, settings: QueryStringSettings): QueryAst {
  checkQueryStringLength(query, settings.path);
  try {
    return luceneToQueryAst(parseLucene(query, settings.defaultOperator), settings);
  } catch (error) {
    if (error instanceof LuceneSyntaxError) throw queryStringSyntaxError(`${query}: ${error.message}`, settings.path, settings.options);
    throw error;
  }
}

function readFields(object: Readonly<Record<string, unknown>>, path: string): BoostedField[] {
  if (object.fields !== undefined) {
    const at = child(path, 'fields');
    if (object.default_field !== undefined) throw dslError(at, 'cannot use [fields] parameter in conjunction with [default_field]');
    const fields = expectArray(object.fields, at).map((field, index) => readBoostedField(field, child(at, index)));
    if (fields.length > 0) return fields;
  }
  if (object.default_field !== undefined) return [readBoostedField(object.default_field, child(path, 'default_field'))];
  return [{ field: '*', boost: 1 }];
}

/** `query_string`: the full Lucene syntax (src/query/lucene) with ES's options. */
export function parseQueryString(body: unknown, path: string, context: ClauseContext): QueryAst {
  const object = expectObject(body, path);
  checkExpansionKeys(object, path, context.options);
  rejectUnknownKeys(object, ALLOWED, path);
  if (object.query === undefined) throw dslError(child(path, 'query'), 'query is required');
  const query = readString(object.query, child(path, 'query'));
  const allowLeadingWildcard = optional(object, 'allow_leading_wildcard', path, readBoolean) ?? true;
  if (object.allow_leading_wildcard !== undefined) checkAllowLeadingWildcard(allowLeadingWildcard, path, context.options);
  optional(object, 'analyze_wildcard', path, readBoolean);
  optional(object, 'type', path, (value, at) =>
    readEnum(value, at, ['best_fields', 'most_fields', 'cross_fields', 'phrase', 'phrase_prefix', 'bool_prefix']),
  );
  return parseWithSettings(query, {
    options: context.options,
    path: child(path, 'query'),
    defaultFields: readFields(object, path),
    defaultOperator: optional(object, 'default_operator', path, (value, at) => readEnum(value, at, ['or', 'and'])) ?? 'or',
    analyzer: optional(object, 'analyzer', path, readAnalyzer) ?? 'standard',
    allowLeadingWildcard,
    fuzziness: optional(object, 'fuzziness', path, readFuzziness) ?? { kind: 'auto', low: 3, high: 6 },
    fuzzyPrefixLength: optional(object, 'fuzzy_prefix_length', path, (value, at) => readInteger(value, at, 0)) ?? 0,
    fuzzyTranspositions: optional(object, 'fuzzy_transpositions', path, readBoolean) ?? true,
    phraseSlop: optional(object, 'phrase_slop', path, (value, at) => readInteger(value, at, 0)) ?? 0,
    lenient: optional(object, 'lenient', path, readBoolean) ?? false,
    minimumShouldMatch: optional(object, 'minimum_should_match', path, readMinimumShouldMatch) ?? null,
    timeZone: optional(object, 'time_zone', path, readTimeZone) ?? null,
    tieBreaker: optional(object, 'tie_breaker', path, readNumber) ?? 0,
    boost: readBoost(object, path),
  });
}

/** A bare Lucene query: the `q=` parameter of `_search`/`_count` with its `df`, `default_operator`… */
export function parseLuceneQuery(query: string, options: LuceneQueryOptions): QueryAst {
  const defaultField = options.defaultField === undefined ? '*' : readField(options.defaultField, 'df');
  return parseWithSettings(query, {
    options,
    path: 'q',
    defaultFields: [{ field: defaultField, boost: 1 }],
    defaultOperator: options.defaultOperator ?? 'or',
    analyzer: 'standard',
    allowLeadingWildcard: options.profile !== 'logzio',
    fuzziness: { kind: 'auto', low: 3, high: 6 },
    fuzzyPrefixLength: 0,
    fuzzyTranspositions: true,
    phraseSlop: 0,
    lenient: options.lenient ?? false,
    minimumShouldMatch: null,
    timeZone: null,
    tieBreaker: 0,
    boost: 1,
  });
}
