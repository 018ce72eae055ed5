import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { indexTokens, isIndexExactText } from './index-tokens.js';

describe('isIndexExactText', () => {
  it('accepts ASCII text, joined words and numbers included', () => {
    assert.equal(isIndexExactText("GET /api/v2/orders java.net.SocketTimeoutException host:web 10.1.2.3 it's 1'000"), true);
  });
  it('refuses non-ASCII text, digit-comma-digit and over-long tokens', () => {
    assert.equal(isIndexExactText('Zeitüberschreitung'), false);
    assert.equal(isIndexExactText('took 1,000 ms'), false);
    assert.equal(isIndexExactText('a;1 and 1;b'), true);
    assert.equal(isIndexExactText('x'.repeat(255)), false);
    assert.equal(isIndexExactText('x'.repeat(254)), true);
  });
});

describe('indexTokens', () => {
  const cases: ReadonlyArray<readonly [string, readonly string[]]> = [
    ['java.net.sockettimeoutexception', ['java.net.sockettimeoutexception']],
    ['user_id', ['user_id']],
    ['1,000', ['1', '000']],
    ['café', ['caf']],
    ['東京', []],
    ['naïve', ['na', 've']],
  ];
  for (const [term, expected] of cases) it(term, () => assert.deepEqual(indexTokens(term), expected));
});
