import { indexTokens, isIndexExactText, resolveMinimumShouldMatch } from '../../../../query/index.js';
import type { QueryHelpers } from './compile-context.js';

/** The pure helpers of src/query the compiler uses (the same analyzer as ingest and the parser). */
export const queryHelpers: QueryHelpers = { indexTokens, isIndexExactText, resolveMinimumShouldMatch };
