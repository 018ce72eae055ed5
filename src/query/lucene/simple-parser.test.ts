import { describe, it } from 'node:test';
import { assertLike } from '../../../test/support/assert-like.js';
import { parseSimpleQuery } from './simple-parser.js';

const term = (text: string, raw = text) => ({ kind: 'term', field: null, text, raw });

describe('parseSimpleQuery', () => {
  const cases: ReadonlyArray<{ input: string; operator?: 'or' | 'and'; expected: unknown }> = [
    { input: 'foo', expected: term('foo') },
    {
      input: 'foo bar',
      expected: {
        kind: 'boolean',
        clauses: [
          { occur: 'should', node: term('foo') },
          { occur: 'should', node: term('bar') },
        ],
      },
    },
    { input: 'foo bar', operator: 'and', expected: { kind: 'boolean', clauses: [{ occur: 'must' }, { occur: 'must' }] } },
    { input: 'foo + bar', expected: { kind: 'boolean', clauses: [{ occur: 'must' }, { occur: 'must' }] } },
    { input: 'foo | bar', operator: 'and', expected: { kind: 'boolean', clauses: [{ occur: 'should' }, { occur: 'should' }] } },
    { input: '-foo', expected: { kind: 'boolean', clauses: [{ occur: 'must_not', node: term('foo') }] } },
    { input: '"quick fox"~2', expected: { kind: 'phrase', text: 'quick fox', slop: 2 } },
    { input: 'qui*', expected: { kind: 'term', raw: 'qui*', text: 'qui', fuzzy: null } },
    { input: 'quikc~', expected: { kind: 'term', text: 'quikc', fuzzy: 2 } },
    { input: 'quikc~1', expected: { kind: 'term', text: 'quikc', fuzzy: 1 } },
    { input: 'a*b?c', expected: term('a*b?c', 'a\\*b\\?c') },
    { input: '>5', expected: term('>5', '\\>5') },
    {
      input: '(a | b) + c',
      expected: {
        kind: 'boolean',
        clauses: [
          { occur: 'must', node: { kind: 'boolean' } },
          { occur: 'must', node: term('c') },
        ],
      },
    },
    { input: 'a\\+b', expected: term('a+b') },
    { input: '"unterminated', expected: { kind: 'phrase', text: 'unterminated' } },
    { input: '| + -', expected: { kind: 'boolean', clauses: [] } },
  ];
  for (const { input, operator = 'or', expected } of cases)
    it(`${JSON.stringify(input)} (${operator})`, () => assertLike(parseSimpleQuery(input, operator), expected));
});
