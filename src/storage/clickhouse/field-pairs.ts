/**
 * The word pairs of a log's field values, computed at ingest for the `field_pairs` column that the fields pair
 * index holds (decision 0192): the engine evaluated the same pairs as an index expression on every insert, which
 * was the largest part of what the all-fields indexes cost at ingest, though few values hold a pair.
 *
 * What the index must hold, on rows whose fields are plain (the only rows it answers for): every pair of adjacent
 * words (PAIRED_TOKEN) of one string value that the plain message does not hold as a pair, but for the columns of
 * few values, whose listed values answer a phrase (decision 0196). Extra pairs are harmless (a phrase the message
 * holds matches on `message` anyway), missing ones are not. A value found whole in the plain message as written,
 * between characters no token holds, has only pairs the message holds, and is skipped without tokenizing.
 */
import { analyzeTerms } from '../../query/index.js';
import { PAIRED_TOKEN } from './log-table-schema.js';

/**
 * A run of letters, then only characters no token holds, then a run of letters, neither run touching a letter,
 * digit or `_`: two adjacent tokens of letters alone look so in the text (a token extends over every such character
 * next to it). A value without it holds no pair and is not tokenized; most values (ids, numbers, hosts) have none.
 */
const MAY_HOLD_PAIR = /(?<![0-9A-Za-z_])[A-Za-z_]+[^0-9A-Za-z_]+[A-Za-z_]+(?![0-9A-Za-z_])/;

/** True when `value` may hold a pair of adjacent words (never false for one that does). */
export function mayHoldPair(value: string): boolean {
  return MAY_HOLD_PAIR.test(value);
}

/** Characters that can be part of a token next to a letter or digit (UAX#29 MidLetter/MidNum included). */
const TOKEN_CHAR = /[0-9A-Za-z_.:'\u0080-\uffff]/;

/** Pairs of values seen again and again (thread names, loggers, user agents): bounded, as the slot cache is. */
const MAX_CACHED_VALUES = 20_000;
const pairsByValue = new Map<string, readonly string[]>();
const NO_PAIRS: readonly string[] = [];

function analysedPairs(value: string): readonly string[] {
  const terms = analyzeTerms(value);
  let found: string[] | undefined;
  for (let i = 1; i < terms.length; i += 1) {
    const a = terms[i - 1] ?? '';
    const b = terms[i] ?? '';
    if (PAIRED_TOKEN.test(a) && PAIRED_TOKEN.test(b)) (found ??= []).push(`${a} ${b}`);
  }
  const pairs = found ?? NO_PAIRS;
  if (pairsByValue.size < MAX_CACHED_VALUES) pairsByValue.set(value, pairs);
  return pairs;
}

/** True when `value` appears in `text` with no token character right before or after it. */
function wholeIn(text: string, value: string): boolean {
  for (let at = text.indexOf(value); at !== -1; at = text.indexOf(value, at + 1)) {
    const before = at === 0 ? '' : (text[at - 1] ?? '');
    const after = text[at + value.length] ?? '';
    if (!TOKEN_CHAR.test(before) && !TOKEN_CHAR.test(after)) return true;
  }
  return false;
}

/**
 * The pairs the index needs for one log whose string values that may hold one (mayHoldPair) are `values`; call
 * only on plain fields. `message` when it is plain text, null otherwise. Empty for almost every log.
 */
export function fieldPairs(values: readonly string[], message: string | null): readonly string[] {
  let out: string[] | undefined;
  for (const value of values) {
    // Whole in the message as written (a parsed log repeats its values verbatim; one written otherwise keeps its
    // pairs, which is harmless). Looked for before tokenizing: the values parsed out of a message are most of the
    // unique ones.
    const cached = pairsByValue.get(value);
    if (cached?.length === 0 || (message !== null && wholeIn(message, value))) continue;
    const pairs = cached ?? analysedPairs(value);
    if (out === undefined) out = [...pairs];
    else for (const pair of pairs) if (!out.includes(pair)) out.push(pair);
  }
  return out ?? NO_PAIRS;
}
