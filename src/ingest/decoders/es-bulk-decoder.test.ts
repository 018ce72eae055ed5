import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAppError } from '../../shared/app-error.js';
import { decodeEsBulk } from './es-bulk-decoder.js';

const decode = (text: string, index?: string) => decodeEsBulk(Buffer.from(text), index);

describe('decodeEsBulk', () => {
  it('reads index and create actions, tolerating _type and taking the path index as default', () => {
    const items = decode(
      '{"index":{"_index":"rsyslog-test","_type":"events"}}\n{"message":"a"}\n{"create":{}}\n{"message":"b"}\n',
      'fallback',
    );
    assert.deepEqual(
      items.map((item) => [item.action, item.index, item.log?.fields]),
      [
        ['index', 'rsyslog-test', { message: 'a' }],
        ['create', 'fallback', { message: 'b' }],
      ],
    );
    assert.equal(items[0]?.log?.sizeBytes, 15);
  });

  it('answers per item for a bad document, a missing index, update and delete', () => {
    const items = decode(
      '{"index":{"_index":"x"}}\nnot json\n{"index":{}}\n{"a":1}\n{"delete":{"_index":"x","_id":"1"}}\n{"update":{"_index":"x","_id":"1"}}\n{"doc":{}}\n{"index":{"_index":"x"}}\n{"ok":true}',
    );
    assert.deepEqual(
      items.map((item) => [item.action, item.error?.type ?? 'ok', item.error?.status ?? 201]),
      [
        ['index', 'document_parsing_exception', 400],
        ['index', 'action_request_validation_exception', 400],
        ['delete', 'illegal_argument_exception', 400],
        ['update', 'illegal_argument_exception', 400],
        ['index', 'ok', 201],
      ],
    );
  });

  it('refuses the whole request for a broken action line', () => {
    for (const body of ['not json\n{}\n', '{"explode":{}}\n{}\n', '{"index":{}}']) {
      assert.throws(
        () => decode(body, 'i'),
        (error: unknown) => isAppError(error) && error.code === 'invalid_argument',
      );
    }
  });
});
