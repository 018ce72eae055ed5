import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { datasetsDir } from '../../test/support/datasets.js';
import { convertSigmaYaml, readAttackCatalog, SigmaError } from './index.js';

const attack = readAttackCatalog(
  JSON.parse(fs.readFileSync(path.join(datasetsDir(), 'mitre-attack/mitre-attack-enterprise.json'), 'utf8')) as unknown,
);
const CVE_RULE = path.join(
  datasetsDir(),
  'sigma/rules-emerging-threats/2026/Exploits/CVE-2026-33829/proc_creation_win_exploit_cve_2026_33829.yml',
);

const rejection = (yaml: string): SigmaError => {
  try {
    convertSigmaYaml(yaml);
  } catch (error) {
    if (error instanceof SigmaError) return error;
    throw error;
  }
  return assert.fail('expected a SigmaError');
};

describe('Sigma rule conversion', () => {
  it('keeps attribution, maps level to severity and resolves ATT&CK tags', () => {
    const [rule] = convertSigmaYaml(fs.readFileSync(CVE_RULE, 'utf8'), { attack });
    assert.ok(rule !== undefined);
    assert.equal(rule.sigmaId, '7c3a5b1d-9e2f-4a8c-b5d7-1e0f3c6a9b2d');
    assert.match(rule.author ?? '', /Samir Bousseaden/);
    assert.equal(rule.references.length, 2);
    assert.equal(rule.level, 'high');
    assert.equal(rule.severity, 'HIGH');
    assert.deepEqual(rule.mitreTags, ['T1187', 'TA0006']);
    assert.equal(rule.logsourceMapped, true);
    assert.equal(rule.aggregation, null);
  });

  it('maps every Sigma level', () => {
    const severities = ['informational', 'low', 'medium', 'high', 'critical'].map(
      (level) =>
        convertSigmaYaml(`title: x\nlevel: ${level}\nlogsource: {product: linux}\ndetection: {k: [a], condition: k}\n`)[0]?.severity,
    );
    assert.deepEqual(severities, ['INFO', 'LOW', 'MEDIUM', 'HIGH', 'SEVERE']);
  });

  it('gives the engine an aggregation on Logward fields, with the timeframe', () => {
    const [rule] = convertSigmaYaml(
      'title: brute force\nlogsource: {product: windows, service: security}\ndetection:\n  selection: {EventID: 4625}\n  timeframe: 5m\n  condition: selection | count(TargetUserName) by IpAddress > 10\n',
    );
    assert.deepEqual(rule?.aggregation, {
      measure: 'unique_count',
      field: 'Event.EventData.TargetUserName',
      groupBy: ['Event.EventData.IpAddress'],
      operator: '>',
      threshold: 10,
    });
    assert.equal(rule?.timeframeSeconds, 300);
  });

  it('converts several documents, or none when one fails', () => {
    const good = 'title: a\nlogsource: {product: linux}\ndetection: {k: [x], condition: k}\n';
    assert.equal(convertSigmaYaml(`${good}---\n${good.replace('title: a', 'title: b')}---\n`).length, 2);
    const error = rejection(
      `${good}---\ntitle: broken\nlogsource: {product: windows}\ndetection: {s: {Image|expand: '%x%'}, condition: s}\n`,
    );
    assert.equal(error.rule, 'broken');
    assert.equal(error.construct, 'placeholder');
    assert.equal(error.path, 'detection.s.Image|expand');
    assert.equal(error.code, 'invalid_argument');
  });

  it('names the path of an invalid document', () => {
    assert.equal(rejection('title: t\nlogsource: {product: linux}\n').path, 'detection');
    assert.equal(rejection('title: t\nlevel: urgent\nlogsource: {}\ndetection: {k: [a], condition: k}\n').path, 'level');
    assert.equal(
      rejection('title: t\nlogsource: {}\ndetection: {s: {Image|contains|startswith: a}, condition: s}\n').path,
      'detection.s.Image|contains|startswith',
    );
    assert.equal(
      rejection('title: t\nlogsource: {}\ndetection: {s: {Image|bogus: a}, condition: s}\n').message,
      'Sigma rule "t": unknown modifier bogus at detection.s.Image|bogus',
    );
    assert.equal(rejection('title: t\nlogsource: {}\ndetection: {s: {Image: []}, condition: s}\n').path, 'detection.s.Image');
    assert.equal(rejection('title: [unclosed\n').rule, 'document 1');
  });
});
