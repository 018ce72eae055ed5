import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fieldPairs } from './field-pairs.js';

describe('fieldPairs', () => {
  it('gives the adjacent word pairs of each value, none across values or with a token holding a digit', () => {
    assert.deepEqual(fieldPairs(['Connection refused by peer', 'gateway', 'timeout'], null), [
      'connection refused',
      'refused by',
      'by peer',
    ]);
    assert.deepEqual(fieldPairs(['http-nio-8080-exec-12', 'web-3', 'db_main pool'], null), ['http nio', 'db_main pool']);
    assert.deepEqual(fieldPairs(['java.net.Socket closed', 'a.b c'], null), []);
    assert.deepEqual(fieldPairs([], null), []);
  });

  it('leaves out a value found whole in the plain message, and only such a value', () => {
    // A parsed access log repeats its user agent in the message: every pair of it is the message's.
    const message = '10.0.0.1 - "GET /x" 200 "Mozilla Firefox nightly"';
    assert.deepEqual(fieldPairs(['Mozilla Firefox nightly'], message), []);
    // Inside a longer token of the message (`xmozilla`) it is not the message's pair: kept.
    assert.deepEqual(fieldPairs(['mozilla firefox'], 'xmozilla firefox'), ['mozilla firefox']);
    assert.deepEqual(fieldPairs(['refused by'], 'refused by.peer'), ['refused by']);
    // A message that is not plain text is not looked in (null): its tokens are not the analyzer's.
    assert.deepEqual(fieldPairs(['Mozilla Firefox nightly'], null), ['mozilla firefox', 'firefox nightly']);
  });

  it('gives each pair once per log', () => {
    assert.deepEqual(fieldPairs(['error reading', 'error reading file'], null), ['error reading', 'reading file']);
  });
});
