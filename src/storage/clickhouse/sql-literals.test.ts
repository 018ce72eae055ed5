import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { settingsClause, sqlIdentifier, sqlNumber, sqlStoredTimestamp, sqlString, sqlTimestampMs, sqlUInt32 } from './sql-literals.js';

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

  it('writes timestamps as integer epoch milliseconds, whole and never in exponent notation', () => {
    assert.equal(sqlTimestampMs(1795046400000.9), "fromUnixTimestamp64Milli(1795046400000, 'UTC')");
    assert.equal(sqlTimestampMs(-1000), "fromUnixTimestamp64Milli(-1000, 'UTC')");
    assert.equal(sqlTimestampMs(1e25), `fromUnixTimestamp64Milli(${Number.MAX_SAFE_INTEGER}, 'UTC')`);
  });

  it('writes stored timestamps as UTC string literals, refusing what DateTime64 cannot hold', () => {
    assert.equal(sqlStoredTimestamp(Date.UTC(2026, 10, 20, 23, 58, 4, 861)), "'2026-11-20 23:58:04.861'");
    assert.equal(sqlStoredTimestamp(-1.5), "'1969-12-31 23:59:59.999'");
    assert.throws(() => sqlStoredTimestamp(Date.UTC(2300, 0, 1)), RangeError);
    assert.throws(() => sqlStoredTimestamp(Number.NaN), RangeError);
  });

  it('renders settings clauses', () => {
    assert.equal(settingsClause({}), '');
    assert.equal(
      settingsClause({ max_execution_time: 5, insert_deduplication_token: "t'1" }),
      " SETTINGS max_execution_time = 5, insert_deduplication_token = 't\\'1'",
    );
    assert.throws(() => settingsClause({ 'x = 1, y': 2 }), RangeError);
  });
});
