const NEWLINE = 0x0a;
const OCTET_COUNT = /^(\d{1,7}) /;

/**
 * Splits a syslog TCP stream into messages: newline-terminated (rsyslog omfwd, Logz.io's format) or
 * RFC 6587 octet-counted (`<len> <msg>`). A message longer than `maxBytes` is skipped up to its end and
 * reported, so one bad sender cannot make the buffer grow without bound.
 */
export function createSyslogFramer(maxBytes: number, onMessage: (message: string) => void, onOversized: () => void) {
  let buffer: Buffer = Buffer.alloc(0);
  let skipping = false;

  function drain(): void {
    for (;;) {
      if (buffer.length === 0) return;
      if (skipping) {
        const end = buffer.indexOf(NEWLINE);
        if (end === -1) {
          buffer = Buffer.alloc(0);
          return;
        }
        buffer = buffer.subarray(end + 1);
        skipping = false;
        continue;
      }
      const head = buffer.subarray(0, 8).toString('latin1');
      const counted = OCTET_COUNT.exec(head);
      if (counted !== null && buffer[counted[0].length] !== NEWLINE) {
        const length = Number(counted[1]);
        const total = counted[0].length + length;
        if (length > maxBytes) {
          onOversized();
          skipping = true;
          buffer = buffer.subarray(counted[0].length);
          continue;
        }
        if (buffer.length < total) return;
        onMessage(buffer.subarray(counted[0].length, total).toString('utf8'));
        buffer = buffer.subarray(total);
        continue;
      }
      const end = buffer.indexOf(NEWLINE);
      if (end === -1) {
        if (buffer.length > maxBytes) {
          onOversized();
          skipping = true;
          buffer = Buffer.alloc(0);
        }
        return;
      }
      if (end > maxBytes) onOversized();
      else onMessage(buffer.subarray(0, end).toString('utf8'));
      buffer = buffer.subarray(end + 1);
    }
  }

  return {
    push(chunk: Buffer): void {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      drain();
    },
    /** The last message of a stream closed without a trailing newline. */
    end(): void {
      if (!skipping && buffer.length > 0 && buffer.length <= maxBytes) onMessage(buffer.toString('utf8'));
      buffer = Buffer.alloc(0);
    },
  };
}
