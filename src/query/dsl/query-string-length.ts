import { DslError } from './dsl-error.js';

/**
 * Longest `query_string` / `simple_query_string` / `q=` text (Logward's bound; Elasticsearch has none but its clause
 * count): 1,024 clauses of 30 characters fit, a 190 KB hostile query is refused before it is parsed.
 */
export const MAX_QUERY_STRING_LENGTH = 32_768;

/** 400 before parsing a query string longer than Logward takes. */
export function checkQueryStringLength(text: string, path: string): void {
  if (text.length > MAX_QUERY_STRING_LENGTH)
    throw new DslError(
      path,
      `The query string is [${text.length}] characters long, more than the allowed maximum of [${MAX_QUERY_STRING_LENGTH}]; use a terms query or a lookup list for long lists of values`,
      'SEARCH/QUERY_TOO_LONG',
    );
}
