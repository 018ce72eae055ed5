import type { QueryAst } from '../../../../query/index.js';

/**
 * How many tests a row must pass, at most, at the query's top (a bool's must, filter and must_not clauses, however
 * nested): an OR of clauses is one test, and a range of `@timestamp` none (the primary key's column, which the scope
 * reads anyway). PREWHERE spares a statement's reads only where one test can drop rows before another's columns are
 * read.
 */
export function requiredTests(query: QueryAst): number {
  switch (query.kind) {
    case 'match_all':
      return 0;
    case 'bool': {
      const required = [...query.must, ...query.filter, ...query.mustNot];
      const tests = required.reduce((sum, clause) => sum + requiredTests(clause), 0);
      // `should` clauses beside required ones only score (or, with a minimum, are one more test).
      return query.should.length === 0 ? tests : tests + 1;
    }
    case 'constant_score':
      return requiredTests(query.filter);
    case 'range':
      return query.field === '@timestamp' ? 0 : 1;
    default:
      return 1;
  }
}
