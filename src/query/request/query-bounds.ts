import type { QueryAst } from '../ast/query-ast.js';
import { DslError } from '../dsl/dsl-error.js';

/**
 * Elasticsearch's `indices.query.bool.max_clause_count` as Logz.io's clusters run it. Checked on the parsed query
 * before anything runs: a `query_string` of 20,000 ORed words would otherwise hold the engine for seconds.
 */
export const MAX_CLAUSE_COUNT = 1024;
/** Elasticsearch's `indices.query.bool.max_nested_depth` (7.x default): deeper queries are refused. */
export const MAX_NESTED_DEPTH = 20;
/** Elasticsearch's `index.max_regex_length`; Logward applies it to wildcard and prefix patterns as well. */
export const MAX_PATTERN_LENGTH = 1000;

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

/** Children of a compound clause (bool, dis_max, constant_score, boosting…). */
function childrenOf(query: QueryAst): QueryAst[] {
  const children: QueryAst[] = [];
  for (const value of Object.values(query)) {
    if (Array.isArray(value)) children.push(...value.filter(isQuery));
    else if (isQuery(value)) children.push(value);
  }
  return children;
}

/** The first bound the query's shape breaks (nesting depth, a pattern's length), or null. */
function shapeError(query: QueryAst, path: string, depth: number): DslError | null {
  if (depth > MAX_NESTED_DEPTH)
    return new DslError(
      path,
      `The nested depth of the query exceeds the maximum nested depth for queries set in [indices.query.bool.max_nested_depth] (${MAX_NESTED_DEPTH}) at ${path}`,
      'SEARCH/TOO_DEEPLY_NESTED',
    );
  const pattern = query.kind === 'regexp' || query.kind === 'wildcard' ? query.pattern : query.kind === 'prefix' ? query.prefix : null;
  if (pattern !== null && pattern.length > MAX_PATTERN_LENGTH) {
    const name = query.kind === 'regexp' ? 'Regexp' : query.kind === 'wildcard' ? 'Wildcard' : 'Prefix';
    return new DslError(
      path,
      `The length of ${query.kind === 'regexp' ? 'regex' : 'pattern'} [${pattern.length}] used in the ${name} Query request has exceeded the allowed maximum of [${MAX_PATTERN_LENGTH}]. This maximum can be set by changing the [index.max_regex_length] index level setting.`,
      'SEARCH/PATTERN_TOO_LONG',
    );
  }
  for (const nested of childrenOf(query)) {
    const error = shapeError(nested, path, depth + 1);
    if (error !== null) return error;
  }
  return null;
}

/**
 * 400 naming the limit, in Elasticsearch's words, when the query has more clauses than it allows, nests deeper, or
 * holds a longer pattern — checked on the AST, so every dialect (DSL, query_string, `q=`, alert queries) is bounded
 * by one rule before anything runs.
 */
export function checkQueryBounds(query: QueryAst, path: string): void {
  const count = clauseCount(query);
  if (count > MAX_CLAUSE_COUNT) {
    throw new DslError(
      path,
      `too_many_clauses: maxClauseCount is set to ${MAX_CLAUSE_COUNT} (indices.query.bool.max_clause_count) at ${path}`,
      'SEARCH/TOO_MANY_CLAUSES',
    );
  }
  const error = shapeError(query, path, 1);
  if (error !== null) throw error;
}
