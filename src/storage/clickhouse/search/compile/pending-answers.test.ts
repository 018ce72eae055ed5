import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseQuery } from '../../../../query/index.js';
import { FieldCatalog } from '../fields/field-access.js';
import { CompileContext } from './compile-context.js';
import { PendingAnswers, writtenAnswers, type PendingAnswer } from './pending-answers.js';
import { compilePredicate } from './query-compiler.js';
import { queryHelpers } from './query-helpers.js';

const few: PendingAnswer = {
  kind: 'few-values',
  lookup: { columns: { f_host: ['web-1', 'db-1'] }, matching: ["arrayFilter(v -> startsWith(v, 'we'), ['web-1', 'db-1'])"] },
};
const dictionary: PendingAnswer = {
  kind: 'token-dictionary',
  lookup: { index: { name: 'message_text', exact: 'all', tokens: 'toks' }, tokenTest: "startsWith(token, 'tim')", scan: 'scan' },
};

describe('pending answers', () => {
  it('gives the same question one key, another question another, each of its kind', () => {
    const pending = new PendingAnswers();
    const a = pending.add(few);
    assert.equal(pending.add({ kind: 'few-values', lookup: { ...few.lookup } } as PendingAnswer), a);
    const b = pending.add(dictionary);
    assert.notEqual(a, b);
    const sql = `SELECT 1 WHERE ${b} AND ${a}`;
    assert.deepEqual(
      pending.in(sql, 'few-values').map((answer) => answer.key),
      [a],
    );
    assert.deepEqual(pending.in(sql, 'token-dictionary'), [{ ...dictionary, key: b }]);
    // A statement holds only the questions whose keys it holds.
    assert.deepEqual(pending.in('SELECT 1', 'few-values'), []);
  });

  it('lists the questions in the order the statement holds them, and writes answers as they are ($ included)', () => {
    const pending = new PendingAnswers();
    const first = pending.add(dictionary);
    const second = pending.add({ ...dictionary, lookup: { ...dictionary.lookup, tokenTest: "match(token, '^a$')" } });
    const sql = `x AND ${second} OR ${first} OR ${second}`;
    assert.deepEqual(
      pending.in(sql, 'token-dictionary').map((answer) => answer.key),
      [second, first],
    );
    const written = writtenAnswers(
      sql,
      new Map([
        [first, "match(message, '^a$')"],
        [second, "hasAny(toks, ['$&'])"],
      ]),
    );
    assert.equal(written, "x AND hasAny(toks, ['$&']) OR match(message, '^a$') OR hasAny(toks, ['$&'])");
  });

  it('is what the compiler records for a token pattern: its inputs typed, only its key in the SQL', () => {
    const catalog = new FieldCatalog([[{ name: 'message', type: 'text', conflictingTypes: [], inArrays: false, plainText: false }]]);
    const context = new CompileContext(catalog, queryHelpers);
    const { where } = compilePredicate(context, parseQuery({ prefix: { message: 'tim' } }, { now: 0, profile: 'elasticsearch' }));
    const [asked, ...more] = context.pending.in(where, 'token-dictionary');
    assert.equal(more.length, 0);
    assert.ok(asked !== undefined && where.includes(asked.key), where);
    assert.equal(asked.lookup.index.name, 'message_text');
    assert.match(asked.lookup.tokenTest, /startsWith\(token, 'tim'\)/);
    // The key is all the SQL holds of the question.
    assert.ok(!where.includes(asked.lookup.tokenTest), where);
  });
});
