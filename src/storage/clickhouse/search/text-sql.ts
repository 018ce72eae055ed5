/**
 * Text semantics in SQL: the token stream of a string value (close to the TypeScript analyzer: letter/digit
 * runs, `_` joins, `.` and `'` join inside a word), token tests, phrases and Lucene patterns as RE2.
 * The TypeScript analyzer stays the contract; these are the row-level checks that follow it.
 */
import { sqlString } from '../sql-literals.js';

/** One token: a run of letters, digits and `_`, possibly joined by `.` or `'` (`java.net.x`, `10.1.2.3`). */
const TOKEN_RE2 = "[\\pL\\pN_]+(?:[.'][\\pL\\pN_]+)*";

/**
 * Array(String) of the lower-cased tokens of a string expression. The pattern is the same in every statement, so
 * however many terms a statement tests on one value, the engine compiles its Unicode classes once (decision 0129).
 */
export function tokensSql(value: string): string {
  return `extractAll(lowerUTF8(ifNull(${value}, '')), ${sqlString(TOKEN_RE2)})`;
}

// A token starts after the text's start, a non-word character, or a `.`/`'` that itself follows one; it ends
// before the end, a non-word character other than `.`/`'`, or a `.`/`'` not followed by a word character.
const TOKEN_START = "(?:^|[^\\pL\\pN_.']|^[.']|[^\\pL\\pN_][.'])";
const TOKEN_END = "(?:$|[^\\pL\\pN_.']|[.'](?:$|[^\\pL\\pN_]))";

/**
 * RE2 true when `term` is one whole token of a lower-cased value: the same answer as `has(tokensSql(v), term)`
 * without building the token array (a regex test per candidate row is several times cheaper).
 */
export function tokenRegex(term: string): string {
  return `${TOKEN_START}${re2Quote(term)}${TOKEN_END}`;
}

/** Text matched literally inside an RE2 pattern. */
export function re2Quote(value: string): string {
  return value.replace(/[\\.+*?()|[\]{}^$]/g, (c) => `\\${c}`);
}

/** Text matched literally inside a LIKE pattern. */
export function likeQuote(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const WORD_BOUNDARY_BEFORE = "(?:^|[^\\pL\\pN_.'])";
const WORD_BOUNDARY_AFTER = '(?:$|[^\\pL\\pN_])';
const BETWEEN_TOKENS = '[^\\pL\\pN_]+';

/**
 * RE2 over the lower-cased value for adjacent tokens (match_phrase). With `lastIsPrefix` the last token may
 * continue (match_phrase_prefix).
 */
export function phraseRegex(terms: readonly string[], lastIsPrefix: boolean): string {
  const body = terms.map(re2Quote).join(BETWEEN_TOKENS);
  return `${WORD_BOUNDARY_BEFORE}${body}${lastIsPrefix ? '' : WORD_BOUNDARY_AFTER}`;
}

/** A Lucene wildcard (`*`, `?`, `\` escapes) → an anchored RE2 pattern. */
export function wildcardToRe2(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i] ?? '';
    if (c === '\\' && i + 1 < pattern.length) {
      i += 1;
      out += re2Quote(pattern[i] ?? '');
    } else if (c === '*') out += '.*';
    else if (c === '?') out += '.';
    else out += re2Quote(c);
  }
  return `^(?s:${out})$`;
}

/**
 * A Lucene regular expression → an anchored RE2 pattern. Lucene's syntax is a subset of RE2's except for
 * its optional operators (`@` any string, `&`, `~`, `<1-5>`, `#`), which are read literally unless enabled,
 * and `"` quoting; Lucene has no anchors, so `^` and `$` are literal characters there.
 */
export function luceneRegexToRe2(pattern: string, flags: readonly string[]): string {
  const all = flags.length === 0 || flags.includes('ALL');
  const anyString = all || flags.includes('ANYSTRING');
  let out = '';
  // Inside `[...]`, `^` right after the opening bracket negates the class (Lucene reads it so too).
  let inClass = false;
  let classOpenedAt = -1;
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i] ?? '';
    if (c === '\\' && i + 1 < pattern.length) {
      out += re2Quote(pattern[i + 1] ?? '');
      i += 1;
    } else if (inClass) {
      if (c === '^' && i === classOpenedAt + 1) out += '^';
      else if (c === ']' && i > classOpenedAt + 1 && !(i === classOpenedAt + 2 && pattern[classOpenedAt + 1] === '^')) {
        inClass = false;
        out += ']';
      } else out += c === '$' || c === '^' || c === '[' ? `\\${c}` : c;
    } else if (c === '[') {
      inClass = true;
      classOpenedAt = i;
      out += '[';
    } else if (c === '"') {
      const end = pattern.indexOf('"', i + 1);
      const literal = end === -1 ? pattern.slice(i + 1) : pattern.slice(i + 1, end);
      out += re2Quote(literal);
      i = end === -1 ? pattern.length : end;
    } else if (c === '@' && anyString) out += '.*';
    else if (c === '^' || c === '$') out += `\\${c}`;
    else if (c === '<' && all) {
      const m = /^<(\d+)-(\d+)>/.exec(pattern.slice(i));
      if (m === null) out += '<';
      else {
        out += `(?:${intervalAlternatives(Number(m[1]), Number(m[2]))})`;
        i += m[0].length - 1;
      }
    } else out += c;
  }
  return `^(?s:${out})$`;
}

function intervalAlternatives(from: number, to: number): string {
  const low = Math.min(from, to);
  const high = Math.min(Math.max(from, to), low + 10_000);
  const values: string[] = [];
  for (let n = low; n <= high; n += 1) values.push(String(n));
  return values.join('|');
}

/** RE2 `match()` call with a literal pattern. */
export function matchSql(value: string, re2: string): string {
  return `match(${value}, ${sqlString(re2)})`;
}
