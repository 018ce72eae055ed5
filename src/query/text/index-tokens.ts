/**
 * How the engine's text index sees text. The index on `lower(message)` uses ClickHouse's `asciiCJK` tokenizer,
 * which follows the same UAX#29 rules as the analyzer for ASCII letters, digits, `_`, `:`, `.` and `'`; it differs
 * only on non-ASCII text (one token per character), on `,`/`;` between digits (the analyzer joins `1,000`) and on
 * tokens longer than the analyzer's 255-character cut. On text free of all three, the index's tokens are exactly
 * the analyzer's (checked against every dataset message and random strings), so the index alone decides a match.
 */
import { analyzeTerms } from './analyzer.js';

/** Longest run of token characters a plain text may hold (the analyzer cuts tokens at 255). */
const MAX_PLAIN_RUN = 254;

const isDigit = (code: number): boolean => code >= 48 && code <= 57;

function isTokenChar(code: number): boolean {
  return (
    isDigit(code) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 46 || code === 39 || code === 58
  );
}

/** Characters that can make a text other than plain: anything non-ASCII, `,` and `;`. */
const MAYBE_NOT_PLAIN = /[,;\u0080-\uffff]/;

/** True when the text index's tokens of `text` are exactly the analyzer's tokens. */
export function isIndexExactText(text: string): boolean {
  // Called for every string of every log at ingest: most are short ASCII, which one native test settles.
  if (text.length <= MAX_PLAIN_RUN && !MAYBE_NOT_PLAIN.test(text)) return true;
  let run = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code > 127) return false;
    if ((code === 44 || code === 59) && i > 0 && isDigit(text.charCodeAt(i - 1)) && isDigit(text.charCodeAt(i + 1))) return false;
    run = isTokenChar(code) ? run + 1 : 0;
    if (run > MAX_PLAIN_RUN) return false;
  }
  return true;
}

/**
 * Tokens every row holding the analyzer term `term` has in the text index, whatever its text: the ASCII pieces
 * of the term as the index splits them. Non-ASCII characters are left out (`lower()` in the index does not
 * lower-case them), so the list may be empty; it is a pre-filter, never the whole test, unless the term is exact.
 */
export function indexTokens(term: string): string[] {
  const pieces: string[] = [];
  for (const segment of term.split(/[\u0080-\uffff]+/)) {
    for (const token of analyzeTerms(segment.replace(/[,;]/g, ' '))) if (token.length <= MAX_PLAIN_RUN) pieces.push(token);
  }
  return [...new Set(pieces)];
}
