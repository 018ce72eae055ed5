/** The query bar's hints: KQL converted where exact, wildcards on text fields, ranges of numbers, broken regexps. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { kqlHint, rangeHint, regexpHint, wildcardHint } from '../../web/src/discover/query-hints.js';

const FIELDS = [
  { name: 'host', type: 'text', keyword: 'host.keyword' },
  { name: 'status', type: 'long' },
  { name: 'level', type: 'keyword' },
];
const NUMERIC = new Set(['long', 'double']);

describe('query hints', () => {
  it('converts KQL pasted from Kibana where the conversion is exact, leaves Lucene alone', () => {
    assert.equal(kqlHint('host:"web-1" and not level:error')?.lucene, 'host:"web-1" AND NOT level:error');
    assert.equal(kqlHint('status >= 500 or bytes < 10')?.lucene, 'status:>=500 OR bytes:<10');
    assert.equal(kqlHint('host : web-1')?.lucene, 'host:web-1');
    // Words inside a phrase are the phrase's.
    assert.equal(kqlHint('message:"this and that"'), undefined);
    assert.equal(kqlHint('host:web-1 AND status:>=500'), undefined);
    assert.equal(kqlHint('user:{ name: bob }')?.lucene, undefined);
    assert.match(kqlHint('user:{ name: bob }')?.reason ?? '', /nested/);
  });

  it('explains a wildcard spanning words of a text field and names its keyword twin', () => {
    assert.match(wildcardHint('host:web-0*', FIELDS) ?? '', /Use host\.keyword:web-0\* to match whole values/);
    assert.equal(wildcardHint('host:web*', FIELDS), undefined);
    assert.equal(wildcardHint('level:err*', FIELDS), undefined);
  });

  it('says a number range with a bound that is no number matches nothing', () => {
    assert.match(rangeHint('status:>=abc', FIELDS, NUMERIC) ?? '', /abc is not a number/);
    assert.equal(rangeHint('status:>=500', FIELDS, NUMERIC), undefined);
  });

  it('says what is wrong with a broken regular expression', () => {
    assert.match(regexpHint('message:/[a-/') ?? '', /not valid/);
    assert.equal(regexpHint('message:/time.*out/'), undefined);
  });
});
