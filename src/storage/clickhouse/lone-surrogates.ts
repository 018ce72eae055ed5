/**
 * JSON allows a lone surrogate (`"\ud800"`), and JSON.stringify writes one as that escape, but the engine refuses
 * the row and with it the whole insert: one such string in a shipper's batch, a marker or a field name failed every
 * log beside it (issue 15, found by the long fuzz run). Every JSONEachRow insert goes through here, and a lone
 * surrogate is stored as U+FFFD, as a UTF-8 index would hold it. Escaped pairs stay; an escape after an even run of
 * backslashes is text (`"a\\ud800"`), not an escape.
 */
const SURROGATE_ESCAPE = /(\\+)u([dD][89a-fA-F][0-9a-fA-F]{2})(\\u[dD][c-fC-F][0-9a-fA-F]{2})?/g;
const HIGH = /^[dD][89abAB]/;

export function withoutLoneSurrogates(rows: Buffer): Buffer {
  // Almost every batch has no escape at all: one byte search, no decoding.
  if (rows.indexOf('\\u') === -1) return rows;
  const text = rows.toString('utf8');
  let changed = false;
  const fixed = text.replace(SURROGATE_ESCAPE, (all: string, slashes: string, unit: string, low: string | undefined) => {
    if (slashes.length % 2 === 0) return all;
    if (HIGH.test(unit) && low !== undefined) return all;
    changed = true;
    // A lone high, or a lone low (then `low`, if any, is a second lone low).
    return `${slashes.slice(0, -1)}\\ufffd${low === undefined ? '' : HIGH.test(unit) ? low : '\\ufffd'}`;
  });
  return changed ? Buffer.from(fixed, 'utf8') : rows;
}
