import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { parseObject, UnreadableObject } from './s3-object-parser.js';

describe('S3 object parser', () => {
  it('reads JSON lines, plain lines and blank lines', () => {
    const logs = parseObject(Buffer.from('{"a":1,"message":"x"}\nplain text line\r\n\n{not json\n[1,2]\n'), 1_000);
    assert.deepEqual(
      logs.map((log) => log.fields),
      [{ a: 1, message: 'x' }, { message: 'plain text line' }, { message: '{not json' }, { message: '[1,2]' }],
    );
    assert.equal(logs[1]?.sizeBytes, 'plain text line'.length);
  });

  it('reads a CloudTrail document as one log per record, gzip or not', () => {
    const document = JSON.stringify({ Records: [{ eventName: 'ConsoleLogin' }, { eventName: 'GetObject' }, 'junk'] });
    for (const bytes of [Buffer.from(document), gzipSync(document)]) {
      assert.deepEqual(
        parseObject(bytes, 10_000).map((log) => log.fields),
        [{ eventName: 'ConsoleLogin' }, { eventName: 'GetObject' }],
      );
    }
  });

  it("takes a CloudTrail record's eventTime as its time unless it has an @timestamp", () => {
    const document = JSON.stringify({ Records: [{ eventTime: '2026-12-01T10:00:00Z' }, { eventTime: 'x', '@timestamp': 'y' }] });
    assert.deepEqual(
      parseObject(Buffer.from(document), 10_000).map((log) => log.fields),
      [
        { '@timestamp': '2026-12-01T10:00:00Z', eventTime: '2026-12-01T10:00:00Z' },
        { eventTime: 'x', '@timestamp': 'y' },
      ],
    );
  });

  it('refuses corrupt gzip, binary data and objects past the bound', () => {
    const gz = gzipSync('line\n'.repeat(1000));
    assert.throws(() => parseObject(gz.subarray(0, 20), 100_000), UnreadableObject);
    assert.throws(() => parseObject(Buffer.from([0xff, 0xfe, 0x00, 0xc3]), 100), UnreadableObject);
    assert.throws(() => parseObject(gz, 100), /decompresses to over 100 bytes/);
    assert.throws(() => parseObject(Buffer.alloc(200, 0x61), 100), /over 100 bytes/);
  });
});
