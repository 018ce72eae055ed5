/**
 * A Sigma string value: literal text with the wildcards `*` (any run) and `?` (one character). A backslash escapes
 * a wildcard or a backslash; before any other character it is a plain backslash (Sigma's escaping rule, so
 * Windows paths such as `\Windows\System32\` are written without doubling).
 */
export type StringPart = { readonly kind: 'text'; readonly text: string } | { readonly kind: 'any' } | { readonly kind: 'one' };

export type SigmaString = readonly StringPart[];

function push(parts: StringPart[], part: StringPart): void {
  const last = parts[parts.length - 1];
  if (part.kind === 'text' && last?.kind === 'text') parts[parts.length - 1] = { kind: 'text', text: last.text + part.text };
  else if (part.kind === 'any' && last?.kind === 'any') return;
  else parts.push(part);
}

export function parseSigmaString(value: string): SigmaString {
  const parts: StringPart[] = [];
  for (let i = 0; i < value.length; i += 1) {
    const c = value[i] ?? '';
    const next = value[i + 1];
    if (c === '\\' && (next === '*' || next === '?' || next === '\\')) {
      push(parts, { kind: 'text', text: next });
      i += 1;
    } else if (c === '*') push(parts, { kind: 'any' });
    else if (c === '?') push(parts, { kind: 'one' });
    else push(parts, { kind: 'text', text: c });
  }
  return parts;
}

/** The same value as plain text (no wildcards). */
export const literal = (text: string): SigmaString => (text === '' ? [] : [{ kind: 'text', text }]);

export const hasWildcards = (value: SigmaString): boolean => value.some((p) => p.kind !== 'text');

/** The text of a value without wildcards. */
export const plainText = (value: SigmaString): string => value.map((p) => (p.kind === 'text' ? p.text : '')).join('');

/** Lucene wildcard syntax (what the query AST's `wildcard` reads): `*`, `?`, and `\` escaping a literal. */
export function toLuceneWildcard(value: SigmaString): string {
  return value.map((p) => (p.kind === 'any' ? '*' : p.kind === 'one' ? '?' : p.text.replace(/[*?\\]/g, (c) => `\\${c}`))).join('');
}

/** Text operations on the literal parts only (encodings, dash variants): wildcards stay where they are. */
export function mapText(value: SigmaString, change: (text: string) => string): SigmaString {
  return value.map((p) => (p.kind === 'text' ? { kind: 'text', text: change(p.text) } : p));
}

export const startsWithAny = (value: SigmaString): boolean => value[0]?.kind === 'any';
export const endsWithAny = (value: SigmaString): boolean => value[value.length - 1]?.kind === 'any';
