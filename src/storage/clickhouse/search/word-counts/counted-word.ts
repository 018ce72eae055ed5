/**
 * The one-word queries word counts answer (decision 0197): a word typed without a field (every field, as
 * Elasticsearch reads it) or on `message`, alone or with `@timestamp` ranges in a bool's filter (what Discover
 * sends). The builder counts exactly the query `wordQuery` writes; a search is answered from those counts only when
 * its query is that query, so both compile to the same condition.
 */
import type { AnalyzedToken, QueryAst } from '../../../../query/index.js';

/** `*`: every field (query_string without a field); `message`: the message alone. */
export type CountedField = '*' | 'message';

export const COUNTED_FIELDS: readonly CountedField[] = ['*', 'message'];

type Match = Extract<QueryAst, { kind: 'match' }>;

/** The query of one analyzer word, as query_string writes `word` and `message:word`. */
export function wordQuery(field: CountedField, word: string): Match {
  const token: AnalyzedToken = { term: word, position: 0, startOffset: 0, endOffset: word.length };
  return {
    kind: 'match',
    field,
    text: word,
    tokens: [token],
    operator: 'or',
    minimumShouldMatch: null,
    fuzziness: null,
    prefixLength: 0,
    lastTokenIsPrefix: false,
    zeroTermsQuery: 'none',
    // A field pattern (`*`) skips the fields the text cannot be compared with, as query_string does.
    lenient: field === '*',
    boost: 1,
  };
}

export interface CountedWord {
  readonly field: CountedField;
  readonly word: string;
  /** The matches lie in [fromMs, toMs): the query's `@timestamp` ranges, ±Infinity where it has none. */
  readonly fromMs: number;
  readonly toMs: number;
}

const TIMESTAMP = '@timestamp';

/**
 * The word `query` counts, or null when it is any other query. Only what cannot change which logs match may differ
 * from wordQuery: the boost, the operator of a single token and the case of a word of letters.
 */
export function countedWord(query: QueryAst): CountedWord | null {
  if (query.kind === 'match') return wordOf(query, -Infinity, Infinity);
  if (
    query.kind !== 'bool' ||
    query.must.length !== 1 ||
    query.should.length > 0 ||
    query.mustNot.length > 0 ||
    query.minimumShouldMatch !== null
  )
    return null;
  let fromMs = -Infinity;
  let toMs = Infinity;
  for (const clause of query.filter) {
    const bounds = timestampBounds(clause);
    if (bounds === null) return null;
    fromMs = Math.max(fromMs, bounds.fromMs);
    toMs = Math.min(toMs, bounds.toMs);
  }
  const [only] = query.must;
  return only?.kind === 'match' ? wordOf(only, fromMs, toMs) : null;
}

function wordOf(query: Match, fromMs: number, toMs: number): CountedWord | null {
  const field = COUNTED_FIELDS.find((counted) => counted === query.field);
  const [token, ...others] = query.tokens;
  if (field === undefined || token === undefined || others.length > 0) return null;
  const expected = wordQuery(field, token.term);
  const same =
    sameText(query.text, token.term) &&
    query.fuzziness === null &&
    query.prefixLength === 0 &&
    !query.lastTokenIsPrefix &&
    query.minimumShouldMatch === null &&
    query.lenient === expected.lenient;
  return same ? { field, word: token.term, fromMs, toMs } : null;
}

/**
 * A word of letters alone is the same query in any case (`ERROR`, `Error`): no number reads from it and its token is
 * the same. Any other text must be the word itself, whose number (`1.1`, `500`) the query also compares.
 */
const LETTERS = /^[a-z_]+$/;
const sameText = (text: string, word: string): boolean => text === word || (LETTERS.test(word) && text.toLowerCase() === word);

/**
 * The half-open interval of epoch ms a range on `@timestamp` keeps (the column holds milliseconds), or null for any
 * other clause or a bound that is not a date.
 */
function timestampBounds(clause: QueryAst): { fromMs: number; toMs: number } | null {
  if (clause.kind !== 'range' || clause.field !== TIMESTAMP) return null;
  const { lower, upper } = clause;
  if ((lower !== null && lower.epochMs === null) || (upper !== null && upper.epochMs === null)) return null;
  const fromMs = lower?.epochMs == null ? -Infinity : lower.epochMs + (lower.inclusive ? 0 : 1);
  const toMs = upper?.epochMs == null ? Infinity : upper.epochMs + (upper.inclusive ? 1 : 0);
  return { fromMs, toMs };
}
