import type { AnalyzedToken, QueryAst } from '../ast.js';
import { readFuzziness } from '../dsl/fuzziness.js';
import {
  arrayOrSingle,
  child,
  expectObject,
  optional,
  readBoolean,
  readEnum,
  readInteger,
  readNumber,
  rejectUnknownKeys,
} from '../dsl/json-reader.js';
import { checkExpansionKeys } from '../dsl/logzio-restrictions.js';
import { readMinimumShouldMatch } from '../dsl/minimum-should-match.js';
import type { ClauseContext } from '../dsl/parse-options.js';
import { readBoostedField, type BoostedField } from '../dsl/field-names.js';
import { COMMON_KEYS, keys, readBoost } from './common.js';
import { readFullText } from './full-text.js';

const ALLOWED = keys(COMMON_KEYS, [
  'query',
  'fields',
  'type',
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
  'slop',
  'tie_breaker',
  'auto_generate_synonyms_phrase_query',
  'cutoff_frequency',
]);

const TYPES = ['best_fields', 'most_fields', 'cross_fields', 'phrase', 'phrase_prefix', 'bool_prefix'] as const;

/**
 * `multi_match` → one match/phrase per field, combined as ES scores the type: best_fields, phrase and phrase_prefix
 * take the best field (dis_max with tie_breaker); most_fields and bool_prefix add the fields up (bool should);
 * cross_fields is term-centric — every token (per operator/minimum_should_match) must be in some field.
 * Fields default to `*` (all fields, leniently) as index.query.default_field does.
 */
export function parseMultiMatch(body: unknown, path: string, context: ClauseContext): QueryAst {
  const object = expectObject(body, path);
  checkExpansionKeys(object, path, context.options);
  rejectUnknownKeys(object, ALLOWED, path);
  const input = readFullText(object, path);
  const fieldsPath = child(path, 'fields');
  const fields: BoostedField[] =
    object.fields === undefined
      ? [{ field: '*', boost: 1 }]
      : arrayOrSingle(object.fields).map((field, index) =>
          readBoostedField(field, Array.isArray(object.fields) ? child(fieldsPath, index) : fieldsPath),
        );
  const type = optional(object, 'type', path, (value, at) => readEnum(value, at, TYPES)) ?? 'best_fields';
  const operator = optional(object, 'operator', path, (value, at) => readEnum(value, at, ['or', 'and'])) ?? 'or';
  const minimumShouldMatch = optional(object, 'minimum_should_match', path, readMinimumShouldMatch) ?? null;
  const fuzziness = optional(object, 'fuzziness', path, readFuzziness) ?? null;
  const prefixLength = optional(object, 'prefix_length', path, (value, at) => readInteger(value, at, 0)) ?? 0;
  const maxExpansions = optional(object, 'max_expansions', path, (value, at) => readInteger(value, at, 1)) ?? 50;
  const slop = optional(object, 'slop', path, (value, at) => readInteger(value, at, 0)) ?? 0;
  const tieBreaker = optional(object, 'tie_breaker', path, readNumber) ?? (type === 'most_fields' || type === 'bool_prefix' ? 1 : 0);
  const lenient = optional(object, 'lenient', path, readBoolean) ?? fields.some(({ field }) => field.includes('*'));
  const boost = readBoost(object, path);

  const matchOn = (
    { field, boost: fieldBoost }: BoostedField,
    tokens: readonly AnalyzedToken[],
    text: string,
    perField: 'or' | 'and',
  ): QueryAst => ({
    kind: 'match',
    field,
    text,
    tokens,
    operator: perField,
    minimumShouldMatch: type === 'cross_fields' ? null : minimumShouldMatch,
    fuzziness,
    prefixLength,
    lastTokenIsPrefix: type === 'bool_prefix',
    zeroTermsQuery: input.zeroTermsQuery,
    lenient,
    boost: fieldBoost,
  });

  if (type === 'phrase' || type === 'phrase_prefix') {
    const phrases: QueryAst[] = fields.map(({ field, boost: fieldBoost }) => ({
      kind: 'phrase',
      field,
      text: input.text,
      tokens: input.tokens,
      slop,
      lastTokenIsPrefix: type === 'phrase_prefix',
      maxExpansions,
      zeroTermsQuery: input.zeroTermsQuery,
      lenient,
      boost: fieldBoost,
    }));
    return { kind: 'dis_max', queries: phrases, tieBreaker, boost };
  }
  if (type === 'cross_fields') {
    const perToken: QueryAst[] = input.tokens.map((token) => ({
      kind: 'dis_max',
      queries: fields.map((field) => matchOn(field, [{ ...token, position: 0 }], token.term, 'or' as const)),
      tieBreaker,
      boost: 1,
    }));
    if (operator === 'and') return { kind: 'bool', must: perToken, should: [], mustNot: [], filter: [], minimumShouldMatch: null, boost };
    return { kind: 'bool', must: [], should: perToken, mustNot: [], filter: [], minimumShouldMatch: minimumShouldMatch ?? 1, boost };
  }
  const perField = fields.map((field) => matchOn(field, input.tokens, input.text, operator));
  if (type === 'most_fields' || type === 'bool_prefix') {
    return { kind: 'bool', must: [], should: perField, mustNot: [], filter: [], minimumShouldMatch: null, boost };
  }
  return { kind: 'dis_max', queries: perField, tieBreaker, boost };
}
