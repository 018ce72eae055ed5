/**
 * Rule `index-superset` (decision 0622): for a query of field-less words and phrases, a condition of index tests
 * alone (no column read) that every log the query matches passes: each word's index tokens held by the `message`
 * index, the fields' index or a column of few values (all-fields.ts pieceSql, the same test the exact checks are
 * pre-filtered by). Led by it, a statement that also checks values (rows whose text the indexes tokenize otherwise
 * than the analyzer, aggregations) reads only the granules it keeps: the engine evaluates it first, from the
 * posting lists. Null where the query has no such condition (a pattern, a number, a field query alone, a NOT).
 */
import type { QueryAst } from '../../../../query/index.js';
import { fieldsPrefilter, isAllFields, numberOf } from './all-fields.js';
import type { CompileContext } from './compile-context.js';

const and = (parts: readonly string[]): string | null =>
  parts.length === 0 ? null : parts.length === 1 ? (parts[0] ?? null) : `(${parts.join(' AND ')})`;

/** Every one of `parts` non-null, OR-ed; null when any is null (a branch without a condition lets any row through). */
function or(parts: readonly (string | null)[]): string | null {
  if (parts.length === 0 || parts.some((part) => part === null)) return null;
  const all = parts as readonly string[];
  return all.length === 1 ? (all[0] ?? null) : `(${all.join(' OR ')})`;
}

export function indexSupersetSql(context: CompileContext, query: QueryAst): string | null {
  switch (query.kind) {
    case 'match': {
      // Fuzzy terms, prefixes and numbers (which also match numeric fields by value) have no index test of their words.
      if (!isAllFields(query.field) || query.fuzziness !== null || query.lastTokenIsPrefix || Number.isFinite(numberOf(query.text)))
        return null;
      const words = [...new Set(query.tokens.map((token) => token.term))].map((term) => fieldsPrefilter(context, [term]));
      if (words.length === 0) return null;
      // Every word for `and`; for `or` (at least one word, whatever minimum_should_match asks) one of them.
      return query.operator === 'and' ? and(words.filter((word): word is string => word !== null)) : or(words);
    }
    case 'phrase': {
      if (!isAllFields(query.field) || Number.isFinite(numberOf(query.text))) return null;
      const terms = query.tokens.map((token) => token.term);
      return fieldsPrefilter(context, query.lastTokenIsPrefix ? terms.slice(0, -1) : terms);
    }
    case 'bool': {
      const required = [...query.must, ...query.filter].map((q) => indexSupersetSql(context, q));
      if (required.length > 0) return and(required.filter((part): part is string => part !== null));
      // Only should clauses: a match meets at least one of them (compileBool).
      return query.should.length === 0 ? null : or(query.should.map((q) => indexSupersetSql(context, q)));
    }
    case 'constant_score':
      return indexSupersetSql(context, query.filter);
    case 'dis_max':
      return or(query.queries.map((q) => indexSupersetSql(context, q)));
    default:
      return null;
  }
}
