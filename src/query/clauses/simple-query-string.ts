import { checkQueryStringLength } from '../dsl/query-string-length.js';
import type { QueryAst } from '../ast.js';
import { dslError } from '../dsl/dsl-error.js';
import {
  arrayOrSingle,
  child,
  expectObject,
  optional,
  readBoolean,
  readEnum,
  readInteger,
  readString,
  rejectUnknownKeys,
} from '../dsl/json-reader.js';
import { checkExpansionKeys } from '../dsl/logzio-restrictions.js';
import { parseSimpleQuery } from '../lucene/simple-parser.js';
import { LuceneSyntaxError } from '../lucene/lexer.js';
import type { LuceneNode } from '../lucene/syntax.js';
import { luceneToQueryAst } from '../lucene/to-query-ast.js';
import { readMinimumShouldMatch } from '../dsl/minimum-should-match.js';
import type { ClauseContext } from '../dsl/parse-options.js';
import { readBoostedField } from '../dsl/field-names.js';
import { COMMON_KEYS, keys, readBoost } from './common.js';
import { readAnalyzer } from './full-text.js';

const ALLOWED = keys(COMMON_KEYS, [
  'query',
  'fields',
  'default_operator',
  'analyzer',
  'flags',
  'fuzzy_max_expansions',
  'fuzzy_prefix_length',
  'fuzzy_transpositions',
  'lenient',
  'minimum_should_match',
  'quote_field_suffix',
  'analyze_wildcard',
  'auto_generate_synonyms_phrase_query',
]);

const FLAGS = new Set([
  'ALL',
  'NONE',
  'AND',
  'OR',
  'NOT',
  'PREFIX',
  'PHRASE',
  'PRECEDENCE',
  'ESCAPE',
  'WHITESPACE',
  'FUZZY',
  'NEAR',
  'SLOP',
]);

function readFlags(value: unknown, path: string): void {
  if (typeof value === 'number') return;
  for (const flag of readString(value, path).split('|')) {
    if (flag.trim() !== '' && !FLAGS.has(flag.trim().toUpperCase())) throw dslError(path, `unknown flag [${flag}]`);
  }
}

/** The syntax forgives everything but nesting deeper than the bound (syntax.ts MAX_GROUP_DEPTH): that is a 400. */
function parseBounded(query: string, defaultOperator: 'or' | 'and', path: string): LuceneNode {
  try {
    return parseSimpleQuery(query, defaultOperator);
  } catch (error) {
    if (error instanceof LuceneSyntaxError) throw dslError(path, error.message);
    throw error;
  }
}

/** `simple_query_string`: a forgiving syntax that never fails on malformed input (src/query/lucene/simple-parser.ts). */
export function parseSimpleQueryString(body: unknown, path: string, context: ClauseContext): QueryAst {
  const object = expectObject(body, path);
  checkExpansionKeys(object, path, context.options);
  rejectUnknownKeys(object, ALLOWED, path);
  if (object.query === undefined) throw dslError(child(path, 'query'), 'query is required');
  const query = readString(object.query, child(path, 'query'));
  checkQueryStringLength(query, child(path, 'query'));
  optional(object, 'flags', path, readFlags);
  optional(object, 'analyze_wildcard', path, readBoolean);
  const fieldsPath = child(path, 'fields');
  const fields =
    object.fields === undefined
      ? [{ field: '*', boost: 1 }]
      : arrayOrSingle(object.fields).map((field, index) =>
          readBoostedField(field, Array.isArray(object.fields) ? child(fieldsPath, index) : fieldsPath),
        );
  const defaultOperator = optional(object, 'default_operator', path, (value, at) => readEnum(value, at, ['or', 'and'])) ?? 'or';
  return luceneToQueryAst(parseBounded(query, defaultOperator, child(path, 'query')), {
    options: context.options,
    path: child(path, 'query'),
    defaultFields: fields.length === 0 ? [{ field: '*', boost: 1 }] : fields,
    defaultOperator,
    analyzer: optional(object, 'analyzer', path, readAnalyzer) ?? 'standard',
    // Only a trailing `*` is a wildcard in this syntax, so a leading one cannot occur.
    allowLeadingWildcard: true,
    fuzziness: { kind: 'auto', low: 3, high: 6 },
    fuzzyPrefixLength: optional(object, 'fuzzy_prefix_length', path, (value, at) => readInteger(value, at, 0)) ?? 0,
    fuzzyTranspositions: optional(object, 'fuzzy_transpositions', path, readBoolean) ?? true,
    phraseSlop: 0,
    lenient: optional(object, 'lenient', path, readBoolean) ?? false,
    minimumShouldMatch: optional(object, 'minimum_should_match', path, readMinimumShouldMatch) ?? null,
    timeZone: null,
    tieBreaker: 1,
    boost: readBoost(object, path),
  });
}
