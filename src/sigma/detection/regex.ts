/**
 * Sigma `re` values (PCRE-style, unanchored: they match anywhere in the value) → the pattern of a `regexp` query,
 * which is anchored Lucene syntax read by the compiler's Lucene → RE2 translation. Lucene lacks the class escapes
 * (`\d`, `\s`, `\w`) and control escapes, so they are written out as character sets; what neither Lucene nor RE2
 * can run (look-around, back-references, anchors inside the pattern) is refused with its reason.
 */
export interface RegexPlan {
  readonly pattern: string;
  readonly caseInsensitive: boolean;
}

export type RegexResult = { readonly ok: true; readonly plan: RegexPlan } | { readonly ok: false; readonly reason: string };

const CLASS_BODY: Readonly<Record<string, string>> = {
  d: '0-9',
  w: 'A-Za-z0-9_',
  s: ' \t\n\r\f\v',
};
const CONTROL: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', f: '\f', v: '\v', '0': '\0' };

/** Lucene's special characters outside a class (escaped there, written as is in a class but for `]`, `\`, `"`). */
const LUCENE_SPECIAL = /[.?+*|{}()[\]"\\@&<>#~^$-]/;

function quoteChar(c: string, inClass: boolean): string {
  if (inClass) return c === ']' || c === '\\' || c === '"' || c === '^' ? `\\${c}` : c;
  return LUCENE_SPECIAL.test(c) ? `\\${c}` : c;
}

const fail = (reason: string): RegexResult => ({ ok: false, reason });

/** Text matched literally in a Lucene regular expression. */
export function luceneRegexLiteral(text: string): string {
  return [...text].map((c) => quoteChar(c, false)).join('');
}

export function sigmaRegex(source: string, flags: { readonly ignoreCase: boolean; readonly multiline: boolean }): RegexResult {
  let body = source;
  let caseInsensitive = flags.ignoreCase;
  const inline = /^\(\?([imsx]+)\)/.exec(body);
  if (inline !== null) {
    if (inline[1]?.includes('x') === true || inline[1]?.includes('m') === true) return fail(`inline flags (?${inline[1]})`);
    caseInsensitive ||= inline[1]?.includes('i') === true;
    body = body.slice(inline[0].length);
  }
  const anchoredStart = body.startsWith('^');
  if (anchoredStart) body = body.slice(1);
  const anchoredEnd = body.endsWith('$') && !body.endsWith('\\$');
  if (anchoredEnd) body = body.slice(0, -1);
  if ((anchoredStart || anchoredEnd) && flags.multiline) return fail('multiline anchors');
  let out = '';
  let inClass = false;
  let classStart = false;
  // A literal `-` in a class goes last, where it cannot read as a range (the RE2 translation does not escape it).
  let classHyphen = false;
  const emit = (char: string): void => {
    if (inClass && char === '-') classHyphen = true;
    else out += quoteChar(char, inClass);
  };
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i] ?? '';
    const atClassStart = classStart;
    classStart = false;
    if (c === '\\') {
      const e = body[i + 1];
      if (e === undefined) return fail('a trailing backslash');
      i += 1;
      const set = CLASS_BODY[e.toLowerCase()];
      if (set !== undefined) {
        const negated = e !== e.toLowerCase();
        if (inClass && negated) return fail(`\\${e} inside a character class`);
        out += inClass ? set : `[${negated ? '^' : ''}${set}]`;
      } else if (CONTROL[e] !== undefined) emit(CONTROL[e] ?? '');
      else if (e === 'x') {
        const hex = /^[0-9a-fA-F]{2}/.exec(body.slice(i + 1))?.[0];
        if (hex === undefined) return fail('\\x without two hex digits');
        emit(String.fromCharCode(parseInt(hex, 16)));
        i += 2;
      } else if (e === 'u') {
        const hex = /^[0-9a-fA-F]{4}/.exec(body.slice(i + 1))?.[0];
        if (hex === undefined) return fail('\\u without four hex digits');
        emit(String.fromCharCode(parseInt(hex, 16)));
        i += 4;
      } else if (/[1-9]/.test(e)) return fail('back-references');
      else if (/[bBAzZGQEkKpP]/.test(e)) return fail(`the escape \\${e}`);
      else emit(e);
    } else if (inClass) {
      if (c === ']' && !atClassStart) {
        inClass = false;
        out += classHyphen ? '-]' : ']';
        classHyphen = false;
        continue;
      }
      if (c === '^' && atClassStart) {
        out += '^';
        classStart = true;
        continue;
      }
      out += c === '"' ? '\\"' : c === '[' ? '\\[' : c;
    } else if (c === '[') {
      inClass = true;
      classStart = true;
      out += '[';
    } else if (c === '(' && body[i + 1] === '?') {
      const group = /^\(\?(:|P?<[A-Za-z_]\w*>)/.exec(body.slice(i));
      if (group === null) return fail('look-around or special groups');
      out += '(?:';
      i += group[0].length - 1;
    } else if (c === '^' || c === '$') return fail('anchors inside the pattern');
    else if (c === '"' || c === '@' || c === '&' || c === '<' || c === '>' || c === '#' || c === '~') out += `\\${c}`;
    else out += c;
  }
  if (inClass) return fail('an unterminated character class');
  const pattern = `${anchoredStart ? '' : '.*'}(${out})${anchoredEnd ? '' : '.*'}`;
  return { ok: true, plan: { pattern, caseInsensitive } };
}
