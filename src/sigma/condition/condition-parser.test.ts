import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SigmaError } from '../sigma-error.js';
import { parseCondition, type ConditionNode } from './condition-parser.js';

const at = { rule: 'r', path: 'detection.condition' };

/** The tree as a compact string: precedence is visible in the brackets. */
function show(node: ConditionNode): string {
  switch (node.kind) {
    case 'search':
      return node.name;
    case 'of':
      return `${node.quantifier}(${node.pattern ?? 'them'})`;
    case 'not':
      return `!${show(node.part)}`;
    case 'and':
    case 'or':
      return `[${node.parts.map(show).join(` ${node.kind} `)}]`;
  }
}

describe('Sigma condition parser', () => {
  it('binds not over and over or, and obeys parentheses', () => {
    assert.equal(show(parseCondition('a or b and not c', at).expression), '[a or [b and !c]]');
    assert.equal(show(parseCondition('(a or b) and not (c or d)', at).expression), '[[a or b] and ![c or d]]');
    assert.equal(show(parseCondition('not not a', at).expression), '!!a');
    assert.equal(show(parseCondition('A AND NOT B', at).expression), '[A and !B]');
  });

  it('reads 1 of, any of, all of, them and patterns', () => {
    assert.equal(show(parseCondition('selection and not 1 of filter_*', at).expression), '[selection and !any(filter_*)]');
    assert.equal(show(parseCondition('all of selection_* or 1 of them', at).expression), '[all(selection_*) or any(them)]');
    assert.equal(show(parseCondition('any of them', at).expression), 'any(them)');
  });

  it('reads an aggregation after the pipe', () => {
    assert.deepEqual(parseCondition('selection | count() by SourceIp > 10', at).aggregation, {
      fn: 'count',
      field: null,
      groupBy: ['SourceIp'],
      operator: '>',
      threshold: 10,
    });
    assert.deepEqual(parseCondition('selection | count(TargetUserName) by IpAddress, WorkstationName >= 3', at).aggregation, {
      fn: 'count',
      field: 'TargetUserName',
      groupBy: ['IpAddress', 'WorkstationName'],
      operator: '>=',
      threshold: 3,
    });
    assert.equal(parseCondition('selection | max(bytes) = 5', at).aggregation?.operator, '==');
  });

  it('names what is wrong', () => {
    for (const [text, message] of [
      ['a and', /missing operand/],
      ['(a or b', /missing \)/],
      ['a b', /unexpected "b"/],
      ['2 of x*', /only 1, any and all/],
      ['a | sum() > 1', /needs a field/],
      ['a & b', /unexpected character "&"/],
    ] as const) {
      assert.throws(
        () => parseCondition(text, at),
        (error: unknown) => error instanceof SigmaError && message.test(error.message) && error.construct === null,
        text,
      );
    }
    assert.throws(
      () => parseCondition('a | near b', at),
      (error: unknown) => error instanceof SigmaError && error.construct === 'aggregation',
    );
  });
});
