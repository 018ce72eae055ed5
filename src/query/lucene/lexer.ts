/**
 * Lexer of the Lucene classic query syntax as Elasticsearch's query_string reads it. Term characters follow
 * Lucene's grammar: a term may not start with `+ - ! ( ) : ^ [ ] " { } ~ / \` or whitespace but may contain `+` and
 * `-`; `\` escapes any character; `/` starts a regular expression.
 */

export class LuceneSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LuceneSyntaxError';
  }
}

export type LuceneToken =
  | { readonly type: 'and' | 'or' | 'not' | 'plus' | 'minus' | 'lparen' | 'rparen' | 'colon' | 'to'; readonly at: number }
  | { readonly type: 'lbracket' | 'rbracket'; readonly inclusive: boolean; readonly at: number }
  | { readonly type: 'caret'; readonly at: number }
  | { readonly type: 'tilde'; readonly at: number }
  | { readonly type: 'phrase'; readonly text: string; readonly at: number }
  | { readonly type: 'regex'; readonly pattern: string; readonly at: number }
  /** `lookup{"list"}` / `lookup{list-id}` (decision 0451): one bound in braces is no Lucene range, so nothing valid changes meaning. */
  | { readonly type: 'lookup'; readonly list: string; readonly at: number }
  /** `raw` keeps the escapes (wildcards, range ends), `text` has them removed. */
  | { readonly type: 'term'; readonly raw: string; readonly text: string; readonly at: number };

const BREAKS_TERM = new Set(['(', ')', ':', '^', '[', ']', '"', '{', '}', '~', '/', '!']);
const isSpace = (char: string): boolean => /\s/.test(char);

export function unescape(raw: string): string {
  return raw.replace(/\\(.)/gsu, '$1');
}

export function tokenize(input: string): LuceneToken[] {
  const tokens: LuceneToken[] = [];
  let index = 0;
  const peek = (offset = 0): string => input[index + offset] ?? '';
  while (index < input.length) {
    const char = peek();
    const at = index;
    if (isSpace(char)) {
      index += 1;
    } else if (char === '&' && peek(1) === '&') {
      tokens.push({ type: 'and', at });
      index += 2;
    } else if (char === '|' && peek(1) === '|') {
      tokens.push({ type: 'or', at });
      index += 2;
    } else if (char === '+' || char === '-' || char === '!') {
      tokens.push({ type: char === '+' ? 'plus' : char === '-' ? 'minus' : 'not', at });
      index += 1;
    } else if (char === '(' || char === ')') {
      tokens.push({ type: char === '(' ? 'lparen' : 'rparen', at });
      index += 1;
    } else if (char === '[' || char === '{') {
      tokens.push({ type: 'lbracket', inclusive: char === '[', at });
      index = tokenizeRange(input, index + 1, tokens);
    } else if (char === ']' || char === '}') {
      tokens.push({ type: 'rbracket', inclusive: char === ']', at });
      index += 1;
    } else if (char === ':' || char === '^' || char === '~') {
      tokens.push({ type: char === ':' ? 'colon' : char === '^' ? 'caret' : 'tilde', at });
      index += 1;
    } else if (char === '"') {
      let text = '';
      index += 1;
      while (index < input.length && peek() !== '"') {
        if (peek() === '\\' && index + 1 < input.length) index += 1;
        text += peek();
        index += 1;
      }
      if (index >= input.length) throw new LuceneSyntaxError(`unterminated phrase starting at position ${at}`);
      index += 1;
      tokens.push({ type: 'phrase', text, at });
    } else if (char === '/') {
      let pattern = '';
      index += 1;
      while (index < input.length && peek() !== '/') {
        if (peek() === '\\' && peek(1) === '/') index += 1;
        else if (peek() === '\\') {
          pattern += peek();
          index += 1;
        }
        pattern += peek();
        index += 1;
      }
      if (index >= input.length) throw new LuceneSyntaxError(`unterminated regular expression starting at position ${at}`);
      index += 1;
      tokens.push({ type: 'regex', pattern, at });
    } else {
      let raw = '';
      while (index < input.length) {
        const current = peek();
        if (current === '\\') {
          if (index + 1 >= input.length) throw new LuceneSyntaxError(`dangling escape at position ${index}`);
          raw += current + peek(1);
          index += 2;
        } else if (
          isSpace(current) ||
          BREAKS_TERM.has(current) ||
          (current === '&' && peek(1) === '&') ||
          (current === '|' && peek(1) === '|')
        ) {
          break;
        } else {
          raw += current;
          index += 1;
        }
      }
      if (raw === '') throw new LuceneSyntaxError(`unexpected character '${char}' at position ${at}`);
      const lookup = raw === 'lookup' && peek() === '{' ? readLookup(input, index + 1) : undefined;
      if (lookup !== undefined) {
        tokens.push({ type: 'lookup', list: lookup.list, at });
        index = lookup.end;
      } else if (raw === 'AND' || raw === 'OR' || raw === 'NOT' || raw === 'TO') {
        tokens.push({ type: raw === 'AND' ? 'and' : raw === 'OR' ? 'or' : raw === 'NOT' ? 'not' : 'to', at });
      } else {
        tokens.push({ type: 'term', raw, text: unescape(raw), at });
      }
    }
  }
  return tokens;
}

/**
 * The list of `lookup{…}` from just after the brace: one quoted or bare reference, then `}`. Undefined when the
 * braces hold anything else (`lookup{a TO b}` stays the term `lookup` and an exclusive range, as in Lucene).
 */
function readLookup(input: string, start: number): { list: string; end: number } | undefined {
  const skipSpaces = (from: number): number => {
    let index = from;
    while (index < input.length && isSpace(input[index] ?? '')) index += 1;
    return index;
  };
  let index = skipSpaces(start);
  let list = '';
  if (input[index] === '"') {
    index += 1;
    while (index < input.length && input[index] !== '"') {
      if (input[index] === '\\' && index + 1 < input.length) index += 1;
      list += input[index] ?? '';
      index += 1;
    }
    if (index >= input.length) return undefined;
    index += 1;
  } else {
    while (index < input.length && !isSpace(input[index] ?? '') && input[index] !== '}') {
      list += input[index] ?? '';
      index += 1;
    }
  }
  index = skipSpaces(index);
  if (input[index] !== '}' || list.trim() === '') return undefined;
  return { list, end: index + 1 };
}

/**
 * Inside `[…]`/`{…}` Lucene switches lexical state: a bound is any run of characters other than space, `]` and
 * `}` (so `[-5 TO 5]` and `[2024-01-01T00:00:00 TO now-1d]` work), or a quoted string. Returns the index after
 * the closing bracket (or the end, for the parser to report).
 */
function tokenizeRange(input: string, start: number, tokens: LuceneToken[]): number {
  let index = start;
  while (index < input.length) {
    const char = input[index] ?? '';
    const at = index;
    if (isSpace(char)) {
      index += 1;
    } else if (char === ']' || char === '}') {
      tokens.push({ type: 'rbracket', inclusive: char === ']', at });
      return index + 1;
    } else if (char === '"') {
      const end = input.indexOf('"', index + 1);
      if (end < 0) throw new LuceneSyntaxError(`unterminated phrase starting at position ${at}`);
      tokens.push({ type: 'phrase', text: unescape(input.slice(index + 1, end)), at });
      index = end + 1;
    } else {
      let raw = '';
      while (index < input.length && !isSpace(input[index] ?? '') && input[index] !== ']' && input[index] !== '}') {
        raw += input[index] ?? '';
        index += 1;
      }
      tokens.push(raw === 'TO' ? { type: 'to', at } : { type: 'term', raw, text: unescape(raw), at });
    }
  }
  return index;
}

/** Whether a raw term has an unescaped `*` or `?`. */
export function hasWildcard(raw: string): boolean {
  for (let index = 0; index < raw.length; index += 1) {
    const char = raw[index];
    if (char === '\\') index += 1;
    else if (char === '*' || char === '?') return true;
  }
  return false;
}
