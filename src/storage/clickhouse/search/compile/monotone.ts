import type { QueryAst } from '../../../../query/index.js';

/**
 * True when no clause of the query is negated: leaving a test out of it (as `0`) then only ever leaves rows out.
 * `boosting` counts as negated (its `negative` clause is written into the statement's score).
 */
export function isMonotone(query: QueryAst): boolean {
  switch (query.kind) {
    case 'bool':
      return query.mustNot.length === 0 && [...query.must, ...query.should, ...query.filter].every(isMonotone);
    case 'dis_max':
      return query.queries.every(isMonotone);
    case 'constant_score':
      return isMonotone(query.filter);
    case 'boosting':
      return false;
    default:
      return true;
  }
}
