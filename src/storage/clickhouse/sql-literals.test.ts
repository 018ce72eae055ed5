import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { settingsClause, sqlIdentifier, sqlNumber, sqlString, sqlUInt32 } from './sql-literals.js';

describe('SQL literals', () => {
  it('escapes quotes, backslashes and control bytes in strings', () => {
    assert.equal(sqlString("it's"), "'it\\'s'");
    assert.equal(sqlString('a\\b'), "'a\\\\b'");
    assert.equal(sqlString('line\nnext\ttab\u0000'), "'line\\x0anext\\x09tab\\x00'");
    assert.equal(sqlString('café ✓'), "'café ✓'");
  });

  it('accepts only finite numbers, UInt32 ids and plain identifiers', () => {
    assert.equal(sqlNumber(1.5), '1.5');
    assert.throws(() => sqlNumber(Number.NaN), RangeError);
    assert.equal(sqlUInt32(42), '42');
    assert.throws(() => sqlUInt32(-1), RangeError);
    assert.throws(() => sqlUInt32(1.5), RangeError);
    assert.equal(sqlIdentifier('f_status'), '`f_status`');
    assert.throws(() => sqlIdentifier('a`b'), RangeError);
  });

  it('renders settings clauses', () => {
    assert.equal(settingsClause({}), '');
    assert.equal(settingsClause({ max_execution_time: 5, insert_deduplication_token: "t'1" }), " SETTINGS max_execution_time = 5, insert_deduplication_token = 't\\'1'");
    assert.throws(() => settingsClause({ 'x = 1, y': 2 }), RangeError);
  });
});
