import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { completeAttributes } from './saved-object-attributes.js';
import { dependenciesOf, importNameOf, newHit, readImportedHit, withContent } from './saved-object-hit.js';

describe('saved-object hits', () => {
  it('reads an imported hit by its _id and _source, keeping the value itself', () => {
    const hit = { _id: 'dashboard:a:b', _source: { type: 'dashboard', dashboard: { title: 'T', x: 1 }, extra: [1] }, _weird: true };
    const read = readImportedHit(hit);
    assert.deepEqual(read, { ok: true, type: 'dashboard', id: 'a:b', title: 'T', hit });
    assert.ok(read.ok && read.hit === hit);
    for (const bad of [
      { _id: 'dashboard', _source: { type: 'dashboard', dashboard: {} } },
      { _id: 'query:x', _source: { type: 'query', query: {} } },
      { _id: 'search:a/b', _source: { type: 'search', search: {} } },
      { _id: `search:${'x'.repeat(101)}`, _source: { type: 'search', search: {} } },
      { _id: 'search:x', _source: { type: 'search', search: [] } },
      { _id: 'search:x', _source: { search: {} } },
      { _id: 'search:x' },
      { _id: 7 },
    ]) {
      assert.equal(readImportedHit(bad).ok, false, JSON.stringify(bad));
    }
  });

  it("names a hit by its type's title, else its _id, else its place", () => {
    assert.equal(
      importNameOf({ _id: 'search:x', _source: { type: 'search', other: { title: 'no' }, search: { title: 'yes' } } }, 0),
      'yes',
    );
    assert.equal(importNameOf({ _id: 'search:x', _source: { type: 'search', search: {} } }, 0), 'search:x');
    assert.equal(importNameOf({}, 3), 'hits[3]');
  });

  it("depends on referenced saved objects and a visualization's savedSearchId, each once", () => {
    const references = [
      { name: 'search_0', type: 'search', id: 's' },
      { name: 'index', type: 'index-pattern', id: 'logzioCustomerIndex*' },
      { name: 'again', type: 'search', id: 's' },
      { name: 'nul', type: 'search', id: 'a\u0000b' },
      { name: 'long', type: 'dashboard', id: 'x'.repeat(101) },
    ];
    const hit = newHit('visualization', 'v', { title: 'v', savedSearchId: 'legacy' }, references, 1);
    assert.deepEqual(dependenciesOf('visualization', hit), [
      { type: 'search', id: 's' },
      { type: 'search', id: 'legacy' },
    ]);
    assert.deepEqual(dependenciesOf('dashboard', newHit('dashboard', 'd', { savedSearchId: 'ignored' }, [], 1)), []);
    const panelsJSON = JSON.stringify([
      { panelIndex: '1', type: 'visualization', id: 'v1' },
      { panelIndex: '2', type: 'search', id: 's1' },
      { panelIndex: '3', panelRefName: 'panel_0' },
      { panelIndex: '4', type: 'lens', id: 'x' },
    ]);
    assert.deepEqual(
      dependenciesOf('dashboard', newHit('dashboard', 'd', { panelsJSON }, [{ name: 'panel_0', type: 'visualization', id: 'v2' }], 1)),
      [
        { type: 'visualization', id: 'v2' },
        { type: 'visualization', id: 'v1' },
        { type: 'search', id: 's1' },
      ],
    );
    assert.deepEqual(dependenciesOf('dashboard', newHit('dashboard', 'd', { panelsJSON: '[{' }, [], 1)), []);
  });

  it('changes only the attributes, references and update time of a stored hit', () => {
    const stored = {
      _index: 'i',
      _score: 3,
      _source: { type: 'search', id: 's', search: { title: 'old', odd: 1 }, migrationVersion: { a: 1 } },
    };
    assert.deepEqual(withContent(stored, 'search', { title: 'new' }, [{ name: 'n', type: 'search', id: 'z' }], 9), {
      _index: 'i',
      _score: 3,
      _source: {
        type: 'search',
        id: 's',
        search: { title: 'new' },
        migrationVersion: { a: 1 },
        references: [{ name: 'n', type: 'search', id: 'z' }],
        updated_at: 9,
      },
    });
  });

  it('fills the members the export lists and refuses …JSON text that does not parse', () => {
    assert.deepEqual(completeAttributes('visualization', { title: 't', visState: '{}', kibanaSavedObjectMeta: { other: 1 } }), {
      description: '',
      uiStateJSON: '{}',
      version: 1,
      title: 't',
      visState: '{}',
      kibanaSavedObjectMeta: { searchSourceJSON: '{}', other: 1 },
    });
    assert.throws(
      () => completeAttributes('dashboard', { title: 't', panelsJSON: '[{' }),
      (error: Error & { parameters?: { field?: string } }) => error.parameters?.field === 'body.attributes.panelsJSON',
    );
  });
});
