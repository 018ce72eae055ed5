import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { datasetsDir } from '../../../test/support/datasets.js';
import { readAttackCatalog, resolveAttackTags } from './attack-catalog.js';

const catalog = readAttackCatalog(
  JSON.parse(fs.readFileSync(path.join(datasetsDir(), 'mitre-attack/mitre-attack-enterprise.json'), 'utf8')) as unknown,
);

describe('ATT&CK resolution of Sigma tags', () => {
  it("resolves techniques, sub-techniques (with their parent's tactics) and tactic names", () => {
    const resolved = resolveAttackTags(
      ['attack.credential-access', 'attack.t1187', 'attack.t1059.001', 'detection.emerging-threats', 'cve.2026-33829'],
      catalog,
    );
    assert.deepEqual(
      resolved.techniques.map((t) => [t.id, t.name]),
      [
        ['T1187', 'Forced Authentication'],
        ['T1059.001', 'PowerShell'],
      ],
    );
    assert.equal(resolved.techniques[1]?.parent, 'T1059');
    assert.deepEqual(
      resolved.tactics.map((t) => t.name),
      ['Execution', 'Credential Access'],
    );
    assert.deepEqual(resolved.unresolved, []);
  });

  it('reports what the data does not know instead of guessing', () => {
    const resolved = resolveAttackTags(['attack.g0032', 'attack.s0002', 'attack.t9999', 'attack.command-and-control'], catalog);
    assert.deepEqual(resolved.unresolved, ['attack.g0032', 'attack.s0002', 'attack.t9999']);
    assert.deepEqual(
      resolved.tactics.map((t) => t.id),
      ['TA0011'],
    );
  });

  it('refuses data of another shape', () => {
    assert.throws(() => readAttackCatalog({ tactics: [] }), /expected \{tactics, techniques\}/);
  });
});
