import assert from 'node:assert/strict';
import { test } from 'node:test';
import { groupingAccuracy } from './grouping-accuracy.js';
import { PatternParser } from './pattern-parser.js';
import { loghubSystems, readLoghubSample } from '../../test/support/loghub-samples.js';

const sshLines = [
  'Failed password for root from 10.0.0.1 port 4242 ssh2',
  'Failed password for admin from 10.0.0.2 port 4243 ssh2',
  'Failed password for root from 10.0.0.3 port 4244 ssh2',
  'Failed password for guest from 10.0.0.4 port 4245 ssh2',
  'Failed password for oracle from 10.0.0.5 port 4246 ssh2',
  'Failed password for test from 10.0.0.6 port 4247 ssh2',
  'Accepted publickey for deploy from 10.0.0.9 port 5000 ssh2',
];

test('learns templates from a batch and shows them with <*> where the messages vary', () => {
  const parser = new PatternParser();
  const templates = parser.learn(sshLines);
  assert.equal(templates[0], templates[3]);
  assert.notEqual(templates[0], templates[6]);
  assert.equal(templates[0]!.text, 'Failed password for <*> from <*> port <*> ssh2');
});

test('a later message that fits a learned template gets it without learning anything new', () => {
  const parser = new PatternParser();
  const [learned] = parser.learn(sshLines);
  const count = parser.templates.length;
  const [later] = parser.learn(['Failed password for nobody from 192.168.1.1 port 1 ssh2']);
  assert.equal(later, learned);
  assert.equal(parser.templates.length, count);
  assert.equal(parser.match('Failed password for x from 1.1.1.1 port 2 ssh2'), learned);
  assert.equal(parser.match('Something else entirely'), undefined);
});

test('its state is plain data: a parser restored from it labels as the original did', () => {
  const parser = new PatternParser();
  const [learned] = parser.learn(sshLines);
  const restored = new PatternParser(undefined, JSON.parse(JSON.stringify(parser.state())));
  assert.deepEqual(restored.match('Failed password for x from 1.1.1.1 port 2 ssh2'), learned);
  const [fresh] = restored.learn(['kernel: CPU0 temperature above threshold']);
  assert.ok(fresh!.id > Math.max(...parser.templates.map((template) => template.id)), 'new ids do not reuse learned ones');
});

test('groups real logs as their true templates do (loghub HDFS and OpenSSH samples)', () => {
  for (const system of ['HDFS', 'OpenSSH']) {
    assert.ok(loghubSystems().includes(system));
    const sample = readLoghubSample(system);
    const labels = new PatternParser().learn(sample.contents).map((template) => String(template.id));
    assert.ok(groupingAccuracy(sample.eventIds, labels) >= 0.99, system);
  }
});
