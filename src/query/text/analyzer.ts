import type { AnalyzedToken } from '../ast.js';

/**
 * The one text analyzer of Logward, used at index time and at query time: Elasticsearch's `standard` analyzer
 * (Lucene StandardTokenizer = UAX#29 word boundaries, then lower-casing; no stemming, no stopwords, no accent
 * folding). Hand-written instead of Intl.Segmenter: ICU's segmenter is ~100× slower on log lines and uses a
 * dictionary for CJK, where Lucene emits one token per ideograph.
 *
 * UAX#29 rules kept (as Lucene): letters, digits and connector punctuation (`_`) join; a MidLetter/MidNumLet
 * (`:` `.` `'`) joins two letters (`java.net.SocketTimeoutException`, `host:web`, `can't`); a MidNum/MidNumLet
 * (`,` `;` `.` `'`) joins two digits (`10.1.15.43`, `2.31.0`, `1,000`); a letter-digit mix joins (`v2`, `404a`).
 * Known differences from Lucene: emoji are not emitted as tokens; Southeast-Asian scripts are not dictionary-split
 * (neither does the standard tokenizer); `İ` lower-cases as JavaScript does.
 */

const MAX_TOKEN_LENGTH = 255;

const enum Cls {
  Other = 0,
  Letter = 1,
  Digit = 2,
  Connector = 3,
  Katakana = 4,
  /** Emitted one character per token (Han ideographs, Hiragana), as Lucene does. */
  Single = 5,
  MidLetter = 6,
  MidNumLet = 7,
  MidNum = 8,
  /** Combining marks and format characters: they stick to what precedes them (WB4). */
  Extend = 9,
}

const ASCII_CLASS: readonly Cls[] = (() => {
  const table: Cls[] = [];
  for (let code = 0; code < 128; code += 1) {
    const char = String.fromCharCode(code);
    if (/[A-Za-z]/.test(char)) table.push(Cls.Letter);
    else if (/[0-9]/.test(char)) table.push(Cls.Digit);
    else if (char === '_') table.push(Cls.Connector);
    else if (char === ':') table.push(Cls.MidLetter);
    else if (char === '.' || char === "'") table.push(Cls.MidNumLet);
    else if (char === ',' || char === ';') table.push(Cls.MidNum);
    else table.push(Cls.Other);
  }
  return table;
})();

const MID_LETTER = new Set([0x00b7, 0x0387, 0x05f4, 0x2027, 0xfe13, 0xfe55, 0xff1a]);
const MID_NUM_LET = new Set([0x2018, 0x2019, 0x2024, 0xfe52, 0xff07, 0xff0e]);
const MID_NUM = new Set([0x037e, 0x0589, 0x060c, 0x060d, 0x066c, 0x07f8, 0x2044, 0xfe10, 0xfe14, 0xfe50, 0xfe54, 0xff0c, 0xff1b]);
const SINGLE = /[\p{Script=Han}\p{Script=Hiragana}]/u;
const KATAKANA = /[\p{Script=Katakana}\u30fc]/u;
const LETTER = /[\p{L}\p{Nl}]/u;
const DIGIT = /\p{Nd}/u;
const CONNECTOR = /\p{Pc}/u;
const EXTEND = /[\p{M}\p{Cf}\u200d]/u;

function classOf(code: number): Cls {
  if (code < 128) return ASCII_CLASS[code] ?? Cls.Other;
  if (MID_LETTER.has(code)) return Cls.MidLetter;
  if (MID_NUM_LET.has(code)) return Cls.MidNumLet;
  if (MID_NUM.has(code)) return Cls.MidNum;
  const char = String.fromCodePoint(code);
  if (SINGLE.test(char)) return Cls.Single;
  if (KATAKANA.test(char)) return Cls.Katakana;
  if (LETTER.test(char)) return Cls.Letter;
  if (DIGIT.test(char)) return Cls.Digit;
  if (CONNECTOR.test(char)) return Cls.Connector;
  if (EXTEND.test(char)) return Cls.Extend;
  return Cls.Other;
}

/** Code points as parallel arrays (class, UTF-16 start); `starts[count]` is the text length. */
interface CodePoints {
  readonly classes: Uint8Array;
  readonly starts: Uint32Array;
  readonly count: number;
}

// Reused between calls (analysis is synchronous): allocating typed arrays per log line cost more than scanning it.
let classBuffer = new Uint8Array(1024);
let startBuffer = new Uint32Array(1025);

function codePoints(text: string): CodePoints {
  if (classBuffer.length < text.length) {
    classBuffer = new Uint8Array(text.length * 2);
    startBuffer = new Uint32Array(text.length * 2 + 1);
  }
  const classes = classBuffer;
  const starts = startBuffer;
  let count = 0;
  for (let index = 0; index < text.length;) {
    const unit = text.charCodeAt(index);
    const code = unit < 128 ? unit : (text.codePointAt(index) ?? 0);
    const width = code > 0xffff ? 2 : 1;
    const cls = code < 128 ? (ASCII_CLASS[code] ?? Cls.Other) : classOf(code);
    // WB4: an extender belongs to the character before it (e.g. a combining accent after a letter).
    if (!(cls === Cls.Extend && count > 0 && classes[count - 1] !== Cls.Other)) {
      classes[count] = cls;
      starts[count] = index;
      count += 1;
    }
    index += width;
  }
  starts[count] = text.length;
  return { classes, starts, count };
}

const isWordPart = (cls: number): boolean => cls === Cls.Letter || cls === Cls.Digit || cls === Cls.Connector;
const isMid = (cls: number): boolean => cls === Cls.MidLetter || cls === Cls.MidNumLet || cls === Cls.MidNum;

/** Whether the character at `at` may extend a word whose last character class is `last`. */
function joins(points: CodePoints, at: number, last: number): boolean {
  if (at >= points.count) return false;
  const cls = points.classes[at] ?? Cls.Other;
  if (last === Cls.Katakana) return cls === Cls.Katakana || cls === Cls.Connector;
  if (cls === Cls.Katakana) return last === Cls.Connector;
  if (isWordPart(cls)) return isWordPart(last);
  if (at + 1 >= points.count) return false;
  const next = points.classes[at + 1];
  if (last === Cls.Letter && next === Cls.Letter) return cls === Cls.MidLetter || cls === Cls.MidNumLet;
  if (last === Cls.Digit && next === Cls.Digit) return cls === Cls.MidNum || cls === Cls.MidNumLet;
  return false;
}

function emit(tokens: AnalyzedToken[], text: string, start: number, end: number): void {
  const term = text.slice(start, end).toLowerCase();
  for (let offset = 0; offset < term.length; offset += MAX_TOKEN_LENGTH) {
    const piece = term.slice(offset, offset + MAX_TOKEN_LENGTH);
    tokens.push({
      term: piece,
      position: tokens.length,
      startOffset: start + offset,
      endOffset: Math.min(end, start + offset + piece.length),
    });
  }
}

/** Elasticsearch `standard` analysis of `text`: lower-cased tokens with positions and UTF-16 offsets. */
export function analyze(text: string): AnalyzedToken[] {
  const points = codePoints(text);
  const { classes, starts } = points;
  const tokens: AnalyzedToken[] = [];
  let index = 0;
  while (index < points.count) {
    const first = classes[index] ?? Cls.Other;
    if (first === Cls.Single) {
      emit(tokens, text, starts[index] ?? 0, starts[index + 1] ?? text.length);
      index += 1;
      continue;
    }
    if (!isWordPart(first) && first !== Cls.Katakana) {
      index += 1;
      continue;
    }
    let end = index;
    let last: number = first;
    let hasLetterOrDigit = first !== Cls.Connector;
    while (joins(points, end + 1, last)) {
      // A joining punctuation mark is taken together with the character after it.
      end += isMid(classes[end + 1] ?? Cls.Other) ? 2 : 1;
      last = classes[end] ?? Cls.Other;
      if (last !== Cls.Connector) hasLetterOrDigit = true;
    }
    if (hasLetterOrDigit) emit(tokens, text, starts[index] ?? 0, starts[end + 1] ?? text.length);
    index = end + 1;
  }
  return tokens;
}

/** Just the terms of `analyze(text)`. */
export function analyzeTerms(text: string): string[] {
  return analyze(text).map((token) => token.term);
}

/** Built-in analyzers a query may name in `analyzer`; `standard` is what every text field uses. */
export const ANALYZER_NAMES = ['standard', 'default', 'simple', 'whitespace', 'keyword'] as const;
export type AnalyzerName = (typeof ANALYZER_NAMES)[number];

function splitBy(text: string, pattern: RegExp, lowerCase: boolean): AnalyzedToken[] {
  const tokens: AnalyzedToken[] = [];
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    tokens.push({
      term: lowerCase ? match[0].toLowerCase() : match[0],
      position: tokens.length,
      startOffset: start,
      endOffset: start + match[0].length,
    });
  }
  return tokens;
}

/** Query-time analysis with a named built-in analyzer (`analyzer` parameter of match and query_string). */
export function analyzeWith(analyzer: AnalyzerName, text: string): AnalyzedToken[] {
  switch (analyzer) {
    case 'standard':
    case 'default':
      return analyze(text);
    case 'simple':
      return splitBy(text, /\p{L}+/gu, true);
    case 'whitespace':
      return splitBy(text, /\S+/gu, false);
    case 'keyword':
      return text === '' ? [] : [{ term: text, position: 0, startOffset: 0, endOffset: text.length }];
  }
}
