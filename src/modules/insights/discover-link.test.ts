import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { discoverLink, templateQuery } from './discover-link.js';
import { addSamples, type VariableSamples } from './template-samples.js';

describe('Discover links and template samples', () => {
  it('quotes each constant run of a template as a message phrase, escaping quotes', () => {
    assert.equal(
      templateQuery(['Connection', 'to', 'db-<*>', 'failed', 'after', '<*>', 'retries']),
      'message:"Connection to" AND message:"failed after" AND message:"retries"',
    );
    assert.equal(templateQuery(['say', '"hi"', '<*>']), 'message:"say \\"hi\\""');
    assert.equal(templateQuery(['<*>', ':', '<*>']), '*', 'no words: every log of the window');
  });

  it('encodes window and query as rison in a relative Discover URL', () => {
    const link = discoverLink('message:"it\'s" AND message:"a!"', Date.UTC(2026, 0, 1), Date.UTC(2026, 0, 2));
    assert.ok(link.startsWith('/app/discover#/?_g='));
    const decoded = decodeURIComponent(link);
    assert.match(decoded, /_g=\(time:\(from:'2026-01-01T00:00:00\.000Z',to:'2026-01-02T00:00:00\.000Z'\)\)/);
    assert.match(decoded, /_a=\(query:\(language:lucene,query:'message:"it!'s" AND message:"a!!"'\)\)/);
  });

  it('keeps up to 5 distinct values per variable, and none from a message that does not line up', () => {
    const samples: VariableSamples = {};
    const tokens = ['user', '<*>', 'logged', 'in', 'from', '<*>'];
    for (let i = 0; i < 8; i++) addSamples(samples, tokens, `user u${i % 6} logged in from 10.0.0.${i}`);
    addSamples(samples, tokens, 'user x logged in from Mon Jan 1 10:00:00');
    assert.deepEqual(samples.variable1, { position: 1, samples: ['u0', 'u1', 'u2', 'u3', 'u4'] });
    assert.deepEqual(samples.variable2?.samples.length, 5);
  });
});
