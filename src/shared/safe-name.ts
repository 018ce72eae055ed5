/**
 * Characters no name may hold: C0 and C1 controls (NUL included) and the bidirectional marks, overrides and
 * isolates, which make a name display as another one (a right-to-left override turns "exe.txt" around).
 */
export const UNSAFE_NAME_CHARACTERS = '\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';

/** Schema pattern of a name: none of the characters above. */
export const SAFE_NAME_PATTERN = `^[^${UNSAFE_NAME_CHARACTERS}]*$`;

const UNSAFE = new RegExp(`[${UNSAFE_NAME_CHARACTERS}]`, 'gu');

/** A stored name as a terminal should show it: unsafe characters as `\u` escapes (names saved before the rule). */
export function printableName(name: string): string {
  return name.replace(UNSAFE, (character) => `\\u${(character.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`);
}
