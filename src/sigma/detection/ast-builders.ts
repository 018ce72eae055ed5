/** Small constructors of the query AST for what Sigma needs: boolean structure and case-aware value leaves. */
import type { QueryAst, RangeBound, TermValue } from '../../query/index.js';

export const MATCH_ALL: QueryAst = { kind: 'match_all', boost: 1 };
export const MATCH_NONE: QueryAst = { kind: 'match_none' };

const bool = (parts: Partial<Pick<Extract<QueryAst, { kind: 'bool' }>, 'filter' | 'should' | 'mustNot'>>): QueryAst => ({
  kind: 'bool',
  must: [],
  should: parts.should ?? [],
  mustNot: parts.mustNot ?? [],
  filter: parts.filter ?? [],
  minimumShouldMatch: null,
  boost: 1,
});

/** Every part (filter context: detection needs no score). */
export function allOf(parts: readonly QueryAst[]): QueryAst {
  if (parts.some((p) => p.kind === 'match_none')) return MATCH_NONE;
  const kept = parts.filter((p) => p.kind !== 'match_all');
  if (kept.length === 0) return MATCH_ALL;
  if (kept.length === 1) return kept[0] ?? MATCH_ALL;
  return bool({ filter: kept });
}

/** At least one part (a bool of only `should` clauses needs one to match). */
export function anyOf(parts: readonly QueryAst[]): QueryAst {
  if (parts.some((p) => p.kind === 'match_all')) return MATCH_ALL;
  const kept = parts.filter((p) => p.kind !== 'match_none');
  if (kept.length === 0) return MATCH_NONE;
  if (kept.length === 1) return kept[0] ?? MATCH_NONE;
  return bool({ should: kept });
}

export function not(part: QueryAst): QueryAst {
  if (part.kind === 'match_all') return MATCH_NONE;
  if (part.kind === 'match_none') return MATCH_ALL;
  return bool({ mustNot: [part] });
}

export const term = (field: string, value: TermValue, caseInsensitive: boolean): QueryAst => ({
  kind: 'term',
  field,
  value,
  caseInsensitive,
  boost: 1,
});

export const wildcard = (field: string, pattern: string, caseInsensitive: boolean): QueryAst => ({
  kind: 'wildcard',
  field,
  pattern,
  caseInsensitive,
  normalize: false,
  boost: 1,
});

export const prefix = (field: string, text: string, caseInsensitive: boolean): QueryAst => ({
  kind: 'prefix',
  field,
  prefix: text,
  caseInsensitive,
  boost: 1,
});

/** Regular expressions run with no optional Lucene operators: `@`, `&`, `<`… stay literal characters. */
export const regexp = (field: string, pattern: string, caseInsensitive: boolean): QueryAst => ({
  kind: 'regexp',
  field,
  pattern,
  flags: ['NONE'],
  caseInsensitive,
  normalize: false,
  boost: 1,
});

export const exists = (field: string): QueryAst => ({ kind: 'exists', field, boost: 1 });

export const fieldEquals = (field: string, otherField: string, caseInsensitive: boolean): QueryAst => ({
  kind: 'field_equals',
  field,
  otherField,
  caseInsensitive,
  boost: 1,
});

const bound = (value: number, inclusive: boolean): RangeBound => ({ inclusive, original: value, number: value, epochMs: null });

export function range(field: string, op: 'gt' | 'gte' | 'lt' | 'lte', value: number): QueryAst {
  const lower = op === 'gt' || op === 'gte' ? bound(value, op === 'gte') : null;
  const upper = op === 'lt' || op === 'lte' ? bound(value, op === 'lte') : null;
  return { kind: 'range', field, lower, upper, format: null, timeZone: null, boost: 1 };
}
