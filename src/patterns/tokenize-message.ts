import { maskShapes, maskToken } from './mask-variables.js';

/** A message as the parser sees it: masked tokens, and what separated them (to show the template as written). */
export interface TokenizedMessage {
  readonly tokens: readonly string[];
  /** separators[i] follows tokens[i]; the last is ''. */
  readonly separators: readonly string[];
}

/** Splits on white space and `=`, so a value varies apart from its key (`uid=0`). */
export function tokenizeMessage(message: string): TokenizedMessage {
  const masked = maskShapes(message);
  const tokens: string[] = [];
  const separators: string[] = [];
  let i = 0;
  const length = masked.length;
  while (i < length && isSeparator(masked.charCodeAt(i))) i++;
  while (i < length) {
    let end = i;
    while (end < length && !isSeparator(masked.charCodeAt(end))) end++;
    tokens.push(maskToken(masked.slice(i, end)));
    let next = end;
    while (next < length && isSeparator(masked.charCodeAt(next))) next++;
    separators.push(next < length ? masked.slice(end, next) : '');
    i = next;
  }
  return { tokens, separators };
}

function isSeparator(code: number): boolean {
  return code === 32 || code === 61 || code === 9 || code === 10 || code === 13 || code === 12 || code === 11 || code === 160;
}
