/**
 * Token-level tests on string values. When every value a field ever held is plain text, the engine's `asciiCJK`
 * tokenizer yields exactly the analyzer's tokens, so the tests use it. Otherwise they test the token array of
 * text-sql.ts: its RE2 pattern with Unicode classes costs the engine 5–15 ms to compile, once per statement and
 * value, where a pattern per term would cost that per term (decision 0129).
 */
import { isIndexExactText } from '../../../../query/index.js';
import { sqlString } from '../../sql-literals.js';
import type { FieldRef } from '../fields/field-access.js';
import { matchSql, phraseRegex, tokensSql } from '../text-sql.js';

/** The engine's tokens of a lower-cased string value (the value may be Nullable). */
const engineTokens = (value: string): string => `tokens(lower(ifNull(${value}, '')), 'asciiCJK')`;

/** Array(String) of the value's analyzer tokens. */
export function valueTokensSql(field: FieldRef, value: string): string {
  return field.plainText ? engineTokens(value) : tokensSql(value);
}

/** True when the analyzer term `term` is a whole token of the value; never NULL, even for a NULL value. */
export function hasTokenSql(field: FieldRef, value: string, term: string): string {
  // A plain value's tokens are plain: a term that is not can never be one of them.
  if (field.plainText && !isIndexExactText(term)) return '0';
  return `has(${valueTokensSql(field, value)}, ${sqlString(term)})`;
}

/** How many times `term` occurs as a token of the value (BM25's tf). */
export function termFrequencySql(field: FieldRef, value: string, term: string): string {
  return `countEqual(${valueTokensSql(field, value)}, ${sqlString(term)})`;
}

/** True when `terms` are adjacent tokens of the value (slop 0); with `lastIsPrefix` the last may continue. */
export function hasPhraseSql(field: FieldRef, value: string, terms: readonly string[], lastIsPrefix: boolean): string {
  if (lastIsPrefix) {
    if (!field.plainText) return matchSql(value, `(?i)${phraseRegex(terms, lastIsPrefix)}`);
    return terms.slice(0, -1).every(isIndexExactText) ? prefixPhraseOnTokensSql(engineTokens(value), terms) : '0';
  }
  if (!field.plainText) return `hasSubstr(${tokensSql(value)}, [${terms.map(sqlString).join(', ')}])`;
  if (!terms.every(isIndexExactText)) return '0';
  return `hasPhrase(lower(ifNull(${value}, '')), ${sqlString(terms.join(' '))}, 'asciiCJK')`;
}

/**
 * Plain text only: `terms` adjacent with the last one a prefix, as a substring of the tokens joined by spaces
 * (' a b c' there: whole tokens a and b, then one starting with c; tokens never hold a space). A scan of that
 * string costs a fraction of the Unicode-aware phrase pattern, which took seconds over a million candidates.
 */
export function prefixPhraseOnTokensSql(tokens: string, terms: readonly string[]): string {
  return `position(concat(' ', arrayStringConcat(${tokens}, ' ')), ${sqlString(` ${terms.join(' ')}`)}) > 0`;
}
