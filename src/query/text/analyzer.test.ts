import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyze, analyzeTerms } from './analyzer.js';

describe('analyze (Elasticsearch standard analyzer)', () => {
  const cases: ReadonlyArray<readonly [string, readonly string[]]> = [
    // engine-bench traps: these stay one token
    ['java.net.SocketTimeoutException: Read timed out', ['java.net.sockettimeoutexception', 'read', 'timed', 'out']],
    ['from 10.1.15.43 port 8080', ['from', '10.1.15.43', 'port', '8080']],
    ['requests 2.31.0', ['requests', '2.31.0']],
    ['user_id=42 __init__', ['user_id', '42', '__init__']],
    // splits on / = space and hyphen; path segments are words
    ['GET /api/v2/orders/1007 HTTP/1.1', ['get', 'api', 'v2', 'orders', '1007', 'http', '1.1']],
    ['postgres-primary a=b', ['postgres', 'primary', 'a', 'b']],
    // the substring trap: none of these is the token `timeout`
    ['timeouts ReadTimeout SocketTimeoutException', ['timeouts', 'readtimeout', 'sockettimeoutexception']],
    // no stemming, no stopwords, no accent folding
    ['The timeouts were timed', ['the', 'timeouts', 'were', 'timed']],
    ['Café naïve', ['café', 'naïve']],
    // UAX#29 mid-letter / mid-number rules as Lucene applies them
    ["can't 1,000 a,b a.1 1.a", ["can't", '1,000', 'a', 'b', 'a', '1', '1', 'a']],
    ['host:web-1', ['host:web', '1']],
    ['trailing. dot', ['trailing', 'dot']],
    ['user@example.com', ['user', 'example.com']],
    // CJK ideographs and hiragana one per token; katakana runs stay together
    ['東京 ひら カタカナ', ['東', '京', 'ひ', 'ら', 'カタカナ']],
    ['e\u0301t\u00e9', ['e\u0301t\u00e9']],
    ['___ --- ...', []],
    // astral code points: a supplementary ideograph is a token, emoji are not (a known difference from Lucene)
    ['\u{2000B}x 😀 ok', ['\u{2000B}', 'x', 'ok']],
    ['ΑΘΗΝΑ Straße', ['αθηνα', 'straße']],
    ['tab\tnew\nline', ['tab', 'new', 'line']],
    ['', []],
  ];
  for (const [text, expected] of cases) {
    it(JSON.stringify(text), () => assert.deepEqual(analyzeTerms(text), expected));
  }

  it('gives consecutive positions and UTF-16 offsets', () => {
    assert.deepEqual(analyze('Connection, refused'), [
      { term: 'connection', position: 0, startOffset: 0, endOffset: 10 },
      { term: 'refused', position: 1, startOffset: 12, endOffset: 19 },
    ]);
  });

  it('keeps "Connection to X refused" from being the phrase "connection refused"', () => {
    const positions = Object.fromEntries(analyze('Connection to X refused').map((token) => [token.term, token.position]));
    assert.equal((positions.refused ?? 0) - (positions.connection ?? 0), 3);
  });

  it('splits tokens longer than 255 characters as max_token_length does', () => {
    const tokens = analyzeTerms('a'.repeat(600));
    assert.deepEqual(
      tokens.map((token) => token.length),
      [255, 255, 90],
    );
  });
});
