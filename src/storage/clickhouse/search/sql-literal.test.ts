import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { likeQuote, re2Quote, sqlIdentifier, sqlInteger, sqlNumber, sqlString, sqlStringArray } from './sql-literal.js';

describe('sql literals', () => {
  it('escapes quotes, backslashes and control characters in strings', () => {
    assert.equal(sqlString("it's"), "'it\\'s'");
    assert.equal(sqlString('a\\b'), "'a\\\\b'");
    assert.equal(sqlString("\\'; DROP TABLE logs; --"), "'\\\\\\'; DROP TABLE logs; --'");
    assert.equal(sqlString('a\nb\r\t\0'), "'a\\nb\\r\\t\\0'");
    assert.equal(sqlString('café ✓'), "'café ✓'");
  });

  it('never lets a string literal end early', () => {
    for (const hostile of ["'", "\\'", "\\\\'", "'''", "\\", "x\\", "'\\'"]) {
      const literal = sqlString(hostile);
      const body = literal.slice(1, -1);
      // Unescaped quotes inside the body would end the literal.
      assert.equal(/(^|[^\\])(\\\\)*'/.test(body), false, `${hostile} -> ${literal}`);
    }
  });

  it('writes only finite numbers and safe integers', () => {
    assert.equal(sqlNumber(1.5), '1.5');
    assert.equal(sqlNumber(-2), '(-2)');
    assert.equal(sqlInteger(42), '42');
    assert.throws(() => sqlNumber(Number.NaN), RangeError);
    assert.throws(() => sqlNumber(Number.POSITIVE_INFINITY), RangeError);
    assert.throws(() => sqlInteger(1.5), RangeError);
    assert.throws(() => sqlInteger(2 ** 60), RangeError);
  });

  it('quotes identifiers, arrays, RE2 and LIKE text', () => {
    assert.equal(sqlIdentifier('a`b'), '`a\\`b`');
    assert.equal(sqlStringArray(['a', "b'"]), "['a', 'b\\'']");
    assert.equal(re2Quote('a.b*c(d)[e]{f}|g^h$i+j?k\\'), 'a\\.b\\*c\\(d\\)\\[e\\]\\{f\\}\\|g\\^h\\$i\\+j\\?k\\\\');
    assert.equal(likeQuote('50%_a\\'), '50\\%\\_a\\\\');
  });
});
