/**
 * Value transformations of Sigma modifiers, done at conversion time as Sigma backends do: the query then looks for
 * every encoded or spelled form of the value.
 */
import { mapText, type SigmaString } from './sigma-string.js';

export type TextEncoding = 'utf8' | 'utf16le' | 'utf16be' | 'utf16';

export function encodeText(text: string, encoding: TextEncoding): Buffer {
  switch (encoding) {
    case 'utf8':
      return Buffer.from(text, 'utf8');
    case 'utf16le':
      return Buffer.from(text, 'utf16le');
    case 'utf16be':
      return Buffer.from(text, 'utf16le').swap16();
    case 'utf16':
      // With the byte-order mark, as Windows writes "Unicode" text.
      return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  }
}

/** `base64`: the whole value encoded. */
export function base64Of(bytes: Buffer): string {
  return bytes.toString('base64');
}

/**
 * `base64offset`: the value may sit at any byte offset inside a larger encoded text, so its encoding depends on the
 * offset modulo 3. Each of the three forms drops the leading and trailing characters that depend on the
 * neighbouring bytes (the same cuts as Sigma's reference implementation).
 */
export function base64OffsetsOf(bytes: Buffer): string[] {
  const startCuts = [0, 2, 3];
  const endCuts = [0, 3, 2];
  const forms: string[] = [];
  for (let shift = 0; shift < 3; shift += 1) {
    const encoded = Buffer.concat([Buffer.alloc(shift, 0x20), bytes]).toString('base64');
    const end = endCuts[(bytes.length + shift) % 3] ?? 0;
    forms.push(encoded.slice(startCuts[shift] ?? 0, encoded.length - end));
  }
  return forms;
}

/** The dash-like characters Windows command lines accept for an option switch. */
const WINDASH_FORMS = ['-', '/', '\u2013', '\u2014', '\u2015'] as const;
/** A `-` or `/` that starts an option: not after a word character, followed by one. */
const OPTION_DASH = /(?<!\w)[-/](?=\w)/g;
/** Above this many spellings a value is refused rather than exploding the query. */
export const MAX_WINDASH_FORMS = 125;

/** Stands for an option dash while the spellings are expanded (a private-use character no rule holds). */
const MARK = '\uE000';

/** `windash`: every spelling of the value's option switches (`-x`, `/x`, `–x`, `—x`, `―x`); null when too many. */
export function windashForms(value: SigmaString): SigmaString[] | null {
  const marked = mapText(value, (text) => text.replace(OPTION_DASH, MARK));
  const count = marked.reduce((n, part) => n + (part.kind === 'text' ? part.text.split(MARK).length - 1 : 0), 0);
  if (WINDASH_FORMS.length ** count > MAX_WINDASH_FORMS) return null;
  let forms: SigmaString[] = [marked];
  for (let k = 0; k < count; k += 1) {
    // Each round fills the first remaining mark in every way.
    forms = forms.flatMap((form) => WINDASH_FORMS.map((dash) => fillFirstMark(form, dash)));
  }
  return forms;
}

function fillFirstMark(value: SigmaString, dash: string): SigmaString {
  let done = false;
  return mapText(value, (text) => {
    if (done || !text.includes(MARK)) return text;
    done = true;
    return text.replace(MARK, dash);
  });
}
