const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** Splits on `\n` (dropping a `\r` before it); a final empty segment after a trailing newline is no line. */
export function* splitLines(body: Buffer): Generator<Buffer> {
  let start = 0;
  while (start < body.length) {
    let end = body.indexOf(NEWLINE, start);
    const next = end === -1 ? body.length : end + 1;
    if (end === -1) end = body.length;
    const stop = end > start && body[end - 1] === CARRIAGE_RETURN ? end - 1 : end;
    yield body.subarray(start, stop);
    start = next;
  }
}

export function isBlank(text: string): boolean {
  return text.trim().length === 0;
}
