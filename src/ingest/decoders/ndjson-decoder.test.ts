import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeNdjson, MAX_LINE_BYTES } from './ndjson-decoder.js';

const decode = (text: string) => decodeNdjson(Buffer.from(text));

describe('decodeNdjson', () => {
  it('reads lines with and without a trailing newline, and CRLF', () => {
    for (const body of ['{"a":1}\n{"b":2}', '{"a":1}\n{"b":2}\n', '{"a":1}\r\n{"b":2}\r\n']) {
      const { logs, counts } = decode(body);
      assert.deepEqual(
        logs.map((log) => log.fields),
        [{ a: 1 }, { b: 2 }],
      );
      assert.deepEqual(counts, { malformedLines: 0, successfulLines: 2, oversizedLines: 0, emptyLogLines: 0 });
    }
  });

  it('keeps plain text as a message, also text that opens with a bracket', () => {
    const { logs, counts } = decode('hello world\n[INFO] started\n');
    assert.deepEqual(
      logs.map((log) => log.fields),
      [{ message: 'hello world' }, { message: '[INFO] started' }],
    );
    assert.equal(counts.successfulLines, 2);
  });

  it('counts malformed, empty and oversized lines and keeps the good ones', () => {
    const big = `{"message":"${'x'.repeat(MAX_LINE_BYTES)}"}`;
    const { logs, counts } = decode(`{"ok":1}\n{"broken":\n\n   \n${big}\n{"ok":2}\n[1,2\n{"x":[1]}`);
    assert.deepEqual(
      logs.map((log) => log.fields),
      [{ ok: 1 }, { ok: 2 }, { message: '[1,2' }, { x: [1] }],
    );
    assert.deepEqual(counts, { malformedLines: 1, successfulLines: 4, oversizedLines: 1, emptyLogLines: 2 });
  });

  it('reads a JSON array line as several logs', () => {
    const { logs, counts } = decode('[{"a":1},{"b":2}]');
    assert.deepEqual(
      logs.map((log) => log.fields),
      [{ a: 1 }, { b: 2 }],
    );
    assert.equal(counts.successfulLines, 1);
  });

  it('measures each log in bytes as received', () => {
    const { logs } = decode('{"m":"é"}\nabc');
    assert.deepEqual(
      logs.map((log) => log.sizeBytes),
      [10, 3],
    );
  });

  it('treats an empty body as nothing at all', () => {
    assert.deepEqual(decode(''), { logs: [], counts: { malformedLines: 0, successfulLines: 0, oversizedLines: 0, emptyLogLines: 0 } });
  });
});
