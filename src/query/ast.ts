/**
 * The backend-neutral form of an Elasticsearch search request (decision 0160): queries, aggregations, hit options
 * and the whole request, one file each. Import these types through src/query/index.ts.
 */
export type * from './ast/query-ast.js';
export type * from './ast/lookup-ast.js';
export type * from './ast/aggregation-ast.js';
export type * from './ast/hits-ast.js';
export type * from './ast/search-request-ast.js';
