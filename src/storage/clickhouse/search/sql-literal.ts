/**
 * The one way a value from a request reaches ClickHouse SQL. Literals are inlined rather than bound
 * because chDB serialises bound queries process-wide (reference/chdb-notes.md); that is only safe if
 * every literal passes through here, so nothing else in the compiler builds quoted text by hand.
 */

const STRING_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  "'": "\\'",
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\0': '\\0',
  '\b': '\\b',
  '\f': '\\f',
};

/** A ClickHouse string literal: every byte that could end or alter the literal is escaped. */
export function sqlString(value: string): string {
  return `'${value.replace(/[\\'\n\r\t\0\b\f]/g, (c) => STRING_ESCAPES[c] ?? c)}'`;
}

/** A finite number literal; NaN and infinities have no literal and are refused by the caller's schema. */
export function sqlNumber(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError('not a finite number');
  // Negative numbers are parenthesised so `a - -1` can never become a comment or an operator pair.
  return value < 0 ? `(${String(value)})` : String(value);
}

/** An integer literal (account ids, limits); refuses anything that is not a safe integer. */
export function sqlInteger(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError('not a safe integer');
  return value < 0 ? `(${String(value)})` : String(value);
}

/** `[...]` of string literals. */
export function sqlStringArray(values: readonly string[]): string {
  return `[${values.map(sqlString).join(', ')}]`;
}

/** A quoted identifier (column or alias). */
export function sqlIdentifier(name: string): string {
  return `\`${name.replace(/[\\`]/g, (c) => `\\${c}`)}\``;
}

/** Text matched literally inside an RE2 pattern. */
export function re2Quote(value: string): string {
  return value.replace(/[\\.+*?()|[\]{}^$]/g, (c) => `\\${c}`);
}

/** Text matched literally inside a LIKE pattern (`%`, `_` and `\` lose their meaning). */
export function likeQuote(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
