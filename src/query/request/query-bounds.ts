import type { QueryAst } from '../ast/query-ast.js';
import { DslError } from '../dsl/dsl-error.js';

/**
 * Elasticsearch's `indices.query.bool.max_clause_count` as Logz.io's clusters run it. Checked on the parsed query
 * before anything runs: a `query_string` of 20,000 ORed words would otherwise hold the engine for seconds.
 */
export const MAX_CLAUSE_COUNT = 1024;

function isQuery(value: unknown): value is QueryAst {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { kind?: unknown }).kind === 'string';
}

/** Leaf clauses of a query, every value of a `terms` clause counted as one (as Lucene expands it). */
export function clauseCount(query: QueryAst): number {
  if (query.kind === 'terms') return query.values.length;
  let children = 0;
  let count = 0;
  for (const value of Object.values(query)) {
    const nested = Array.isArray(value) ? value.filter(isQuery) : isQuery(value) ? [value] : [];
    for (const child of nested) {
      children += 1;
      count += clauseCount(child);
      // Stop early: a hostile query need not be walked to its end.
      if (count > MAX_CLAUSE_COUNT) return count;
    }
  }
  return children === 0 ? 1 : count;
}

/** 400 naming the limit, in Elasticsearch's words, when the query has more clauses than it allows. */
export function checkClauseCount(query: QueryAst, path: string): void {
  const count = clauseCount(query);
  if (count > MAX_CLAUSE_COUNT) {
    throw new DslError(
      path,
      `too_many_clauses: maxClauseCount is set to ${MAX_CLAUSE_COUNT} (indices.query.bool.max_clause_count) at ${path}`,
      'SEARCH/TOO_MANY_CLAUSES',
    );
  }
}
