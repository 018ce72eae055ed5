import type { Fuzziness, MinimumShouldMatch, QueryAst } from '../ast.js';
import { analyzeWith, type AnalyzerName } from '../text/analyzer.js';
import type { BoostedField } from '../dsl/field-names.js';
import { readRangeBound } from '../dsl/range-bound.js';
import { DslError } from '../dsl/dsl-error.js';
import { leadingWildcardInQueryString } from '../dsl/logzio-restrictions.js';
import type { ParseOptions } from '../dsl/parse-options.js';
import { hasWildcard } from './lexer.js';
import type { LuceneField, LuceneNode } from './syntax.js';

/** How query_string (or `q=`) turns its parsed syntax into a QueryAst. */
export interface QueryStringSettings {
  readonly options: ParseOptions;
  /** JSON path of the query string, for errors. */
  readonly path: string;
  /** Fields of terms without a field: `fields`, else `default_field`, else `*` (all fields). */
  readonly defaultFields: readonly BoostedField[];
  readonly defaultOperator: 'or' | 'and';
  readonly analyzer: AnalyzerName;
  readonly allowLeadingWildcard: boolean;
  readonly fuzziness: Fuzziness;
  readonly fuzzyPrefixLength: number;
  readonly fuzzyTranspositions: boolean;
  readonly phraseSlop: number;
  readonly lenient: boolean;
  readonly minimumShouldMatch: MinimumShouldMatch | null;
  readonly timeZone: string | null;
  /** Several default fields combine as dis_max with this tie breaker (query_string type best_fields). */
  readonly tieBreaker: number;
  readonly boost: number;
}

const COMPARISON = /^(>=|<=|>|<)(.*)$/s;

function fuzzinessOf(fuzzy: number | 'default', settings: QueryStringSettings): Fuzziness {
  if (fuzzy === 'default') return settings.fuzziness;
  // `~0.8` is Lucene's pre-4.0 similarity form, which ES no longer honours: the default fuzziness applies.
  if (fuzzy < 1) return settings.fuzziness;
  return { kind: 'edits', edits: fuzzy >= 2 ? 2 : 1 };
}

function isAllFields(field: string): boolean {
  return field === '*' || field === '*.*';
}

function checkLeadingWildcard(raw: string, settings: QueryStringSettings): void {
  if (!(raw.startsWith('*') || raw.startsWith('?'))) return;
  if (settings.options.profile === 'logzio') throw leadingWildcardInQueryString(raw, settings.path);
  if (!settings.allowLeadingWildcard) {
    throw new DslError(settings.path, `Leading wildcard is not allowed: [${raw}] at ${settings.path}`, 'SEARCH/INVALID_QUERY_SYNTAX');
  }
}

function rangeOn(
  field: string,
  lower: { value: string; inclusive: boolean } | null,
  upper: { value: string; inclusive: boolean } | null,
  boost: number,
  settings: QueryStringSettings,
): QueryAst {
  const { now } = settings.options;
  const bound = (end: { value: string; inclusive: boolean } | null, isUpper: boolean) =>
    end === null
      ? null
      : readRangeBound(
          { value: end.value, path: settings.path, inclusive: end.inclusive, roundUp: isUpper === end.inclusive },
          now,
          null,
          settings.timeZone,
        );
  return { kind: 'range', field, lower: bound(lower, false), upper: bound(upper, true), format: null, timeZone: settings.timeZone, boost };
}

function termOn(node: Extract<LuceneNode, { kind: 'term' }>, field: string, boost: number, settings: QueryStringSettings): QueryAst {
  if (field === '_exists_') return { kind: 'exists', field: node.text, boost };
  if (node.raw === '*') return isAllFields(field) ? { kind: 'match_all', boost } : { kind: 'exists', field, boost };
  const comparison = COMPARISON.exec(node.raw);
  if (comparison !== null && node.fuzzy === null) {
    const [, operator = '', value = ''] = comparison;
    const end = { value: value.replace(/\\(.)/gsu, '$1'), inclusive: operator.endsWith('=') };
    return operator.startsWith('>') ? rangeOn(field, end, null, boost, settings) : rangeOn(field, null, end, boost, settings);
  }
  if (hasWildcard(node.raw)) {
    checkLeadingWildcard(node.raw, settings);
    return { kind: 'wildcard', field, pattern: node.raw, caseInsensitive: false, normalize: true, boost };
  }
  if (node.fuzzy !== null) {
    return {
      kind: 'fuzzy',
      field,
      value: node.text,
      fuzziness: fuzzinessOf(node.fuzzy, settings),
      prefixLength: settings.fuzzyPrefixLength,
      transpositions: settings.fuzzyTranspositions,
      normalize: true,
      boost,
    };
  }
  return {
    kind: 'match',
    field,
    text: node.text,
    tokens: analyzeWith(settings.analyzer, node.text),
    operator: settings.defaultOperator,
    minimumShouldMatch: null,
    fuzziness: null,
    prefixLength: 0,
    lastTokenIsPrefix: false,
    zeroTermsQuery: 'none',
    lenient: settings.lenient || isAllFields(field) || field.includes('*'),
    boost,
  };
}

/** A leaf on one field. */
function leafOn(node: Exclude<LuceneNode, { kind: 'boolean' }>, field: string, boost: number, settings: QueryStringSettings): QueryAst {
  switch (node.kind) {
    case 'term':
      return termOn(node, field, boost, settings);
    case 'phrase':
      return {
        kind: 'phrase',
        field,
        text: node.text,
        tokens: analyzeWith(settings.analyzer, node.text),
        slop: node.slop ?? settings.phraseSlop,
        lastTokenIsPrefix: false,
        maxExpansions: 50,
        zeroTermsQuery: 'none',
        lenient: settings.lenient || field.includes('*'),
        boost,
      };
    case 'lookup':
      if (node.field === null) {
        throw new DslError(
          settings.path,
          `lookup{${node.list}} needs a field, as in client_ip:lookup{"${node.list}"}`,
          'SEARCH/INVALID_QUERY_SYNTAX',
        );
      }
      return { kind: 'lookup', field, list: node.list, members: null, boost };
    case 'regex':
      return { kind: 'regexp', field, pattern: node.pattern, flags: ['ALL'], caseInsensitive: false, normalize: true, boost };
    case 'range': {
      const end = (value: string | null, inclusive: boolean) => (value === null ? null : { value, inclusive });
      return rangeOn(field, end(node.lower.value, node.lower.inclusive), end(node.upper.value, node.upper.inclusive), boost, settings);
    }
  }
}

function fieldsOf(field: LuceneField, settings: QueryStringSettings): readonly BoostedField[] {
  return field === null ? settings.defaultFields : [{ field, boost: 1 }];
}

function convert(node: LuceneNode, settings: QueryStringSettings, topLevel: boolean): QueryAst {
  if (node.kind === 'boolean') {
    // An empty Lucene BooleanQuery (`""`, `()`) matches nothing, unlike an empty bool in the DSL.
    if (node.clauses.length === 0) return { kind: 'match_none' };
    const pick = (occur: string) =>
      node.clauses.filter((clause) => clause.occur === occur).map((clause) => convert(clause.node, settings, false));
    return {
      kind: 'bool',
      must: pick('must'),
      should: pick('should'),
      mustNot: pick('must_not'),
      filter: [],
      minimumShouldMatch: topLevel ? settings.minimumShouldMatch : null,
      boost: node.boost,
    };
  }
  const fields = fieldsOf(node.field, settings);
  const queries = fields.map(({ field, boost }) => leafOn(node, field, node.boost * boost, settings));
  const only = queries[0];
  if (queries.length === 1 && only !== undefined) return only;
  return { kind: 'dis_max', queries, tieBreaker: settings.tieBreaker, boost: 1 };
}

/** Applies fields, analysis and the query_string options to parsed Lucene syntax. */
export function luceneToQueryAst(node: LuceneNode, settings: QueryStringSettings): QueryAst {
  const query = convert(node, settings, true);
  if (settings.boost === 1 || query.kind === 'match_none') return query;
  return { ...query, boost: query.boost * settings.boost };
}
