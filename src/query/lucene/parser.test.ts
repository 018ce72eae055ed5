import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LuceneSyntaxError } from './lexer.js';
import { parseLucene } from './parser.js';
import type { LuceneNode } from './syntax.js';

/** A compact rendering: +must -must_not should, f:term, "phrase"~slop, /re/, [a TO b}, ^boost. */
function show(node: LuceneNode): string {
  const boost = node.boost === 1 ? '' : `^${node.boost}`;
  const field = (f: string | null) => (f === null ? '' : `${f}:`);
  switch (node.kind) {
    case 'boolean':
      return `(${node.clauses.map(({ occur, node: inner }) => `${occur === 'must' ? '+' : occur === 'must_not' ? '-' : ''}${show(inner)}`).join(' ')})${boost}`;
    case 'term':
      return `${field(node.field)}${node.raw}${node.fuzzy === null ? '' : `~${node.fuzzy}`}${boost}`;
    case 'phrase':
      return `${field(node.field)}"${node.text}"${node.slop === null ? '' : `~${node.slop}`}${boost}`;
    case 'regex':
      return `${field(node.field)}/${node.pattern}/${boost}`;
    case 'lookup':
      return `${field(node.field)}lookup{${node.list}}${boost}`;
    case 'range':
      return `${field(node.field)}${node.lower.inclusive ? '[' : '{'}${node.lower.value ?? '*'} TO ${node.upper.value ?? '*'}${node.upper.inclusive ? ']' : '}'}${boost}`;
  }
}

describe('parseLucene (default operator OR)', () => {
  const cases: ReadonlyArray<readonly [string, string]> = [
    ['foo', 'foo'],
    ['client_ip:lookup{"bad ips"}', 'client_ip:lookup{bad ips}'],
    ['client_ip:lookup{ 7c985e09-3db6-5dc6-ae33-58403493e13f }^2', 'client_ip:lookup{7c985e09-3db6-5dc6-ae33-58403493e13f}^2'],
    ['NOT user:lookup{admins} AND level:error', '(-user:lookup{admins} +level:error)'],
    // Not a lookup: the braces hold a Lucene range, as before.
    ['f:lookup{a TO b}', '(f:lookup {a TO b})'],
    ['foo bar', '(foo bar)'],
    ['foo AND bar', '(+foo +bar)'],
    ['foo && bar', '(+foo +bar)'],
    ['foo OR bar', '(foo bar)'],
    ['foo || bar', '(foo bar)'],
    ['a AND b OR c', '(+a +b c)'],
    ['a OR b AND c', '(a +b +c)'],
    ['NOT foo', '(-foo)'],
    ['!foo', '(-foo)'],
    ['foo NOT bar', '(foo -bar)'],
    ['foo AND NOT bar', '(+foo -bar)'],
    ['+foo -bar baz', '(+foo -bar baz)'],
    ['status:500', 'status:500'],
    ['host:web-1', 'host:web-1'],
    ['f:(a OR b) c', '((f:a f:b) c)'],
    ['(a OR b) AND c', '(+(a b) +c)'],
    ['"connection refused"', '"connection refused"'],
    ['message:"connection refused"~2', 'message:"connection refused"~2'],
    ['"a b"^3', '"a b"^3'],
    ['foo^2 bar^0.5', '(foo^2 bar^0.5)'],
    ['(a b)^2', '(a b)^2'],
    ['roam~', 'roam~default'],
    ['roam~1', 'roam~1'],
    ['qu?ck bro*', '(qu?ck bro*)'],
    ['name:/joh?n(ath[oa]n)/', 'name:/joh?n(ath[oa]n)/'],
    ['path:/a\\/b/', 'path:/a/b/'],
    ['age:[10 TO 20]', 'age:[10 TO 20]'],
    ['age:{10 TO 20}', 'age:{10 TO 20}'],
    ['age:[10 TO 20}', 'age:[10 TO 20}'],
    ['date:[2024-01-01 TO *]', 'date:[2024-01-01 TO *]'],
    ['date:["2024-01-01 10:00" TO "now"]', 'date:[2024-01-01 10:00 TO now]'],
    ['temp:[-5 TO 5]', 'temp:[-5 TO 5]'],
    ['@timestamp:[2024-01-01T00:00:00 TO now-1d/d]', '@timestamp:[2024-01-01T00:00:00 TO now-1d/d]'],
    ['age:[10 TO 20] AND x', '(+age:[10 TO 20] +x)'],
    ['age:>=10', 'age:>=10'],
    ['age:<10', 'age:<10'],
    ['_exists_:title', '_exists_:title'],
    ['book.\\*:(quick OR brown)', '(book.*:quick book.*:brown)'],
    ['a\\:b', 'a\\:b'],
    ['foo\\ bar', 'foo\\ bar'],
    ['java.net.SocketTimeoutException', 'java.net.SocketTimeoutException'],
    ['10.1.15.43', '10.1.15.43'],
    ['*', '*'],
    ['', '()'],
  ];
  for (const [input, expected] of cases) it(JSON.stringify(input), () => assert.equal(show(parseLucene(input, 'or')), expected));
});

describe('parseLucene (default operator AND)', () => {
  const cases: ReadonlyArray<readonly [string, string]> = [
    ['foo bar', '(+foo +bar)'],
    ['foo OR bar', '(foo bar)'],
    ['a b OR c', '(+a b c)'],
    ['foo -bar', '(+foo -bar)'],
  ];
  for (const [input, expected] of cases) it(JSON.stringify(input), () => assert.equal(show(parseLucene(input, 'and')), expected));
});

describe('parseLucene syntax errors', () => {
  for (const input of [
    'foo OR',
    'AND foo',
    '(a b',
    'a)',
    '"unterminated',
    '/unterminated',
    'age:[1 TO',
    'age:[1 2]',
    'a^',
    'a^x',
    'trailing\\',
    'GET /api',
  ]) {
    it(JSON.stringify(input), () => assert.throws(() => parseLucene(input, 'or'), LuceneSyntaxError));
  }
});
