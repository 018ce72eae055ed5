/**
 * Token patterns (prefix, wildcard, regexp, fuzzy) on a value a text index holds. The tokens that match are found
 * in the index's dictionary (`mergeTreeTextIndex`: every token of every part, a few per pattern) and the rows
 * holding one through its posting lists, where testing every token of every value read and split the whole column:
 * `*imeout` on `message` took 1.9 s over the 5M logs of an account (decision 0144).
 *
 * The compiler records a pending answer (pending-answers.ts) and writes its key; the executor reads the dictionaries a search needs once and writes in the
 * condition their answer calls for (../dictionary-answers.ts) — a scalar subquery would read a dictionary again in
 * each of the search's statements.
 */
import { MESSAGE_PLAIN_COLUMN } from '../../log-table-schema.js';
import { sqlString } from '../../sql-literals.js';
import type { TokenIndex } from '../fields/field-access.js';
import type { DictionaryLookup, PendingAnswers } from './pending-answers.js';

/**
 * Beyond this many matching tokens the value-by-value test is kept: each listed token is one more lookup in
 * every part's dictionary and one more posting list to merge (11,000 tokens cost more than the test in a trial).
 */
export const DICTIONARY_TOKENS_MAX = 1000;

/**
 * Rows where `tokenTest` (on `token`) holds for a token of the value: through the index where its dictionary can
 * answer, else `scan` (the same test on every token of the value); exact either way. A pending answer until
 * dictionaryAnswers writes in the form the answer calls for: a constant condition left in the statement would
 * still make the engine read what its other branch names.
 */
export function dictionaryPatternSql(
  pending: PendingAnswers,
  index: TokenIndex,
  tokenTest: (token: string) => string,
  scan: string,
): string {
  return pending.add({
    kind: 'token-dictionary',
    lookup: { index: { name: index.name, exact: index.exact, tokens: index.tokens }, tokenTest: tokenTest('token'), scan },
  });
}

/** The lookup's condition once the dictionary answered: `tokens` that match, or null where it could not answer. */
export function answeredSql(lookup: DictionaryLookup, tokens: readonly string[] | null): string {
  const { index, scan } = lookup;
  if (tokens === null) return `(${scan})`;
  const listed = tokens.length === 0 ? '0' : `hasAny(${index.tokens}, [${tokens.map(sqlString).join(', ')}])`;
  if (index.exact === 'all') return listed;
  if (index.exact === 'none') return listed === '0' ? '0' : `(${listed} AND ${scan})`;
  const other = `(${MESSAGE_PLAIN_COLUMN} = 0 AND ${scan})`;
  return listed === '0' ? other : `((${MESSAGE_PLAIN_COLUMN} = 1 AND ${listed}) OR ${other})`;
}
