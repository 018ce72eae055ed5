/**
 * The backend-neutral form of an Elasticsearch search request (decision 0160): queries, aggregations, hit options
 * and the whole request, one file each. Import these types through src/query/index.ts.
 */
export type * from './query-ast.js';
export type * from './aggregation-ast.js';
export type * from './hits-ast.js';
export type * from './search-request-ast.js';
