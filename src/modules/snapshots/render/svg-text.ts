/** Text for SVG: escaped, and cut to what fits so long values do not run over the next panel. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

/** Cuts `text` to about `maxChars` characters, ending with an ellipsis when cut; drops control characters. */
export function fit(text: string, maxChars: number): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, ' ');
  return clean.length <= maxChars ? clean : `${clean.slice(0, Math.max(1, maxChars - 1))}…`;
}

/** Characters of a proportional font that fit in `width` px at `fontSize`. */
export function charsIn(width: number, fontSize: number): number {
  return Math.max(1, Math.floor(width / (fontSize * 0.58)));
}
