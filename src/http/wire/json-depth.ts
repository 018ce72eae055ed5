/**
 * The deepest JSON body the API reads: Jackson's default in Elasticsearch (StreamReadConstraints, 1,000). JSON.parse
 * reads any depth, but JSON.stringify and every recursive walk after it overflow the stack a few thousand levels
 * down: a saved search whose free-form attributes nested 5,000 levels answered 500 (issue 15, the long fuzz run).
 */
export const MAX_JSON_DEPTH = 1_000;

/** The nesting depth of JSON text, stopping as soon as it passes `limit` (strings skipped, escapes honoured). */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  // Deeper than `limit` takes more than `limit` opening brackets.
  if (text.length <= limit) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip the string: to the next quote not escaped.
      for (i += 1; i < text.length; i += 1) {
        const s = text.charCodeAt(i);
        if (s === 0x5c) i += 1;
        else if (s === 0x22) break;
      }
    } else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}
