import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { withoutLoneSurrogates } from './lone-surrogates.js';

const fix = (text: string): string => withoutLoneSurrogates(Buffer.from(text, 'utf8')).toString('utf8');

describe('lone surrogates in JSONEachRow rows', () => {
  it('replaces lone surrogate escapes with U+FFFD and leaves pairs, text and other escapes alone', () => {
    assert.equal(fix(JSON.stringify({ a: 'x\ud800y', b: 'p\udc00q', k: ['\ud83d'] })), '{"a":"x\\ufffdy","b":"p\\ufffdq","k":["\\ufffd"]}');
    assert.equal(fix(JSON.stringify({ [`k\ud800`]: 1 })), '{"k\\ufffd":1}');
    assert.equal(fix('{"pair":"\\ud83d\\ude00"}'), '{"pair":"\\ud83d\\ude00"}');
    assert.equal(fix('{"two":"\\udc00\\udc01"}'), '{"two":"\\ufffd\\ufffd"}');
    assert.equal(fix('{"text":"a\\\\ud800b"}'), '{"text":"a\\\\ud800b"}');
    assert.equal(fix('{"odd":"a\\\\\\ud800b"}'), '{"odd":"a\\\\\\ufffdb"}');
    assert.equal(fix('{"ctl":"\\u0000"}'), '{"ctl":"\\u0000"}');
    const plain = Buffer.from('{"m":"plain"}');
    assert.equal(withoutLoneSurrogates(plain), plain, 'no copy when nothing needs fixing');
  });

  it('gives rows JSON.parse reads back as the well-formed string', () => {
    const parsed = JSON.parse(fix(JSON.stringify({ m: 'a\ud800b\udfffc' }))) as { m: string };
    assert.equal(parsed.m, 'a\ufffdb\ufffdc');
  });
});
