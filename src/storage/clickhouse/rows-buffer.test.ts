import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRowsBuffer } from './rows-buffer.js';

describe('rows buffer', () => {
  it('joins rows with newlines as UTF-8, growing as needed', () => {
    const rows = createRowsBuffer(4);
    const written = ['{"a":"café"}', '{"b":"✓ straße"}', '{"c":"' + 'x'.repeat(1000) + '"}'];
    for (const row of written) rows.push(row);
    assert.equal(rows.rowCount, 3);
    assert.equal(rows.bytes().toString('utf8'), written.join('\n'));
    assert.equal(createRowsBuffer().bytes().length, 0);
  });
});
