import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compare, highestTierMet } from '../triggers/trigger-tiers.js';
import { groupKeyOf } from '../triggers/correlation.js';
import type { AlertDefinition, SubAlert } from './rule-definition.js';
import { correlate, judgeSubComponent } from './rule-judgement.js';

function sub(partial: {
  groupBy?: string[];
  aggregationType?: SubAlert['queryDefinition']['aggregation']['aggregationType'];
  operator?: SubAlert['trigger']['operator'];
  tiers: SubAlert['trigger']['severityThresholdTiers'];
}): SubAlert {
  return {
    queryDefinition: {
      query: '*',
      groupBy: partial.groupBy ?? [],
      aggregation: { aggregationType: partial.aggregationType ?? 'COUNT' },
      shouldQueryOnAllAccounts: false,
    },
    trigger: { operator: partial.operator ?? 'GREATER_THAN_OR_EQUALS', severityThresholdTiers: partial.tiers },
  };
}

describe('trigger evaluation', () => {
  it('compares with every operator', () => {
    assert.equal(compare('GREATER_THAN', 5, 5), false);
    assert.equal(compare('GREATER_THAN_OR_EQUALS', 5, 5), true);
    assert.equal(compare('LESS_THAN', 4, 5), true);
    assert.equal(compare('LESS_THAN_OR_EQUALS', 6, 5), false);
    assert.equal(compare('EQUALS', 5, 5), true);
    assert.equal(compare('NOT_EQUALS', 5, 5), false);
  });

  it('picks the highest severity met', () => {
    const trigger = { operator: 'GREATER_THAN_OR_EQUALS' as const, severityThresholdTiers: { LOW: 1, MEDIUM: 10, SEVERE: 100 } };
    assert.equal(highestTierMet(trigger, 0), undefined);
    assert.deepEqual(highestTierMet(trigger, 50), { severity: 'MEDIUM', threshold: 10 });
    assert.deepEqual(highestTierMet(trigger, 100), { severity: 'SEVERE', threshold: 100 });
    const below = { operator: 'LESS_THAN' as const, severityThresholdTiers: { HIGH: 1, LOW: 5 } };
    assert.deepEqual(highestTierMet(below, 0), { severity: 'HIGH', threshold: 1 });
    assert.deepEqual(highestTierMet(below, 3), { severity: 'LOW', threshold: 5 });
  });

  it('fires per group and never below the threshold', () => {
    const definition = sub({ groupBy: ['host'], tiers: { HIGH: 3 } });
    const firings = judgeSubComponent(definition, [
      { group: { host: 'a' }, value: 5 },
      { group: { host: 'b' }, value: 2 },
      { group: { host: 'c' }, value: 3 },
    ]);
    assert.deepEqual(
      firings.map((f) => f.group.host),
      ['a', 'c'],
    );
  });

  it('treats no logs as a count of 0 without groupBy, so "fewer than" alerts fire on silence', () => {
    assert.deepEqual(judgeSubComponent(sub({ operator: 'LESS_THAN', tiers: { HIGH: 1 } }), []), [
      { group: {}, value: 0, severity: 'HIGH', threshold: 1 },
    ]);
    assert.deepEqual(judgeSubComponent(sub({ aggregationType: 'AVG', operator: 'LESS_THAN', tiers: { HIGH: 1 } }), []), []);
    assert.deepEqual(judgeSubComponent(sub({ groupBy: ['host'], operator: 'LESS_THAN', tiers: { HIGH: 1 } }), []), []);
  });

  it('correlates sub-components with AND and joins on fields', () => {
    const definition = {
      correlations: { correlationOperators: ['AND'], joins: [{ '0': 'region', '1': 'zone' }] },
    } as unknown as AlertDefinition;
    const left = [
      { group: { region: 'eu' }, value: 10, severity: 'LOW' as const, threshold: 5 },
      { group: { region: 'us' }, value: 7, severity: 'LOW' as const, threshold: 5 },
    ];
    const right = [{ group: { zone: 'eu' }, value: 1, severity: 'HIGH' as const, threshold: 1 }];
    assert.deepEqual(correlate(definition, [left, right]), [
      { group: { zone: 'eu', region: 'eu' }, value: 10, severity: 'HIGH', threshold: 1 },
    ]);
    assert.deepEqual(correlate(definition, [left, []]), []);
    const unjoined = { correlations: { correlationOperators: ['AND'] } } as unknown as AlertDefinition;
    assert.equal(correlate(unjoined, [left, right]).length, 2);
  });

  it('keys groups independently of field order', () => {
    assert.equal(groupKeyOf({ a: '1', b: '2' }), groupKeyOf({ b: '2', a: '1' }));
    assert.notEqual(groupKeyOf({ a: '1' }), groupKeyOf({ a: '2' }));
  });
});
