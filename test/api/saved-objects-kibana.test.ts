/**
 * Logz.io's saved-object API (reference §2.5): export, import with `override`, delete. The Terraform provider
 * imports one hit and compares the exported hit with it whole, so what is imported must export verbatim.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { call, createSubAccount, type CreatedSubAccount } from '../support/control-plane-client.js';
import { shapeMismatches } from '../support/json-shape.js';
import { readLogzioFixture } from '../support/logzio-fixtures.js';
import { dashboardHit, searchHit, visualizationHit } from '../support/saved-object-hits.js';
import { createManualClock, startTestApp, type TestApp } from '../support/test-app.js';

const START = Date.UTC(2026, 10, 25, 9, 0, 0);

interface ExportBody {
  kibanaVersion: string;
  hits: Record<string, unknown>[];
}
interface ImportBody {
  created: string[];
  updated: string[];
  ignored: string[];
  failed: string[];
}

for (const backend of controlPlaneBackends) {
  describe(`saved-object export, import and delete (${backend.name})`, () => {
    let t: TestApp;
    let sub: CreatedSubAccount;
    const clock = createManualClock(START);
    before(async () => {
      t = await startTestApp({ backend, clock, env: { LOGWARD_BOOTSTRAP_ADMIN_EMAIL: 'admin@example.com' } });
      sub = await createSubAccount(t);
    });
    after(async () => t.close());

    const exportOf = async (type: string, token = t.apiToken, path = '/v1/kibana/export') => {
      const response = await call(t, 'POST', path, token, { type });
      assert.equal(response.statusCode, 200, response.body);
      return response.json<ExportBody>();
    };
    const importOf = async (hits: unknown[], override?: boolean, token = t.apiToken) => {
      const body = { kibanaVersion: '7.2.1', hits, ...(override === undefined ? {} : { override }) };
      const response = await call(t, 'POST', '/v1/kibana/import', token, body);
      assert.equal(response.statusCode, 200, response.body);
      return response.json<ImportBody>();
    };
    const remove = (type: string, id: string, token = t.apiToken) => call(t, 'DELETE', `/v1/osd/saved-objects/${type}/${id}`, token);

    it('exports empty hits for a type with no objects, on both paths', async () => {
      for (const path of ['/v1/kibana/export', '/kibana/export']) {
        for (const type of ['search', 'visualization', 'dashboard']) {
          const exported = await exportOf(type, t.apiToken, path);
          assert.deepEqual(exported, { kibanaVersion: '7.2.1', hits: [] });
          assert.deepEqual(shapeMismatches(exported, readLogzioFixture('kibana_objects', 'export_response.json')), []);
        }
      }
    });

    it('exports each imported hit verbatim, key order included, as the Terraform provider compares it', async () => {
      const hits = [searchHit('rt-search', 'round trip'), visualizationHit('rt-vis', 'rt-search'), dashboardHit('rt-board', ['rt-vis'])];
      const imported = await importOf(hits);
      assert.deepEqual(shapeMismatches(imported, readLogzioFixture('kibana_objects', 'import_response.json')), []);
      assert.deepEqual(imported, {
        created: ['round trip', 'vis rt-vis', 'board rt-board'],
        updated: [],
        ignored: [],
        failed: [],
      });
      for (const hit of hits) {
        const type = (hit._source as { type: string }).type;
        const exported = await exportOf(type);
        assert.equal(exported.hits.length, 1);
        assert.equal(JSON.stringify(exported.hits[0]), JSON.stringify(hit));
        assert.deepEqual(await exportOf(type, t.apiToken, '/kibana/export'), exported);
      }
      // The web app reads the same objects: attributes and references are the hit's.
      const read = await call(t, 'GET', '/v1/saved-objects/search/rt-search', t.apiToken);
      assert.equal(read.statusCode, 200);
      assert.deepEqual(
        read.json<{ attributes: unknown; references: unknown }>().attributes,
        (searchHit('rt-search', 'round trip')._source as { search: unknown }).search,
      );
    });

    it('creates without override, ignores an existing id without it and replaces it with override: true', async () => {
      const first = searchHit('ov-search', 'override me');
      assert.deepEqual((await importOf([first])).created, ['override me']);
      const changed = searchHit('ov-search', 'overridden');
      assert.deepEqual(await importOf([changed]), { created: [], updated: [], ignored: ['overridden'], failed: [] });
      assert.deepEqual(await importOf([changed], false), { created: [], updated: [], ignored: ['overridden'], failed: [] });
      const stored = (await exportOf('search')).hits.find((hit) => hit._id === 'search:ov-search');
      assert.deepEqual(stored, first);

      clock.advance(1000);
      assert.deepEqual(await importOf([changed], true), { created: [], updated: ['overridden'], ignored: [], failed: [] });
      assert.deepEqual(
        (await exportOf('search')).hits.find((hit) => hit._id === 'search:ov-search'),
        changed,
      );
      // A new id with override: true is still created.
      assert.deepEqual((await importOf([searchHit('ov-new', 'brand new')], true)).created, ['brand new']);
    });

    it('imports an export into a second account, references and all, leaving the first untouched', async () => {
      const main = await Promise.all(['search', 'visualization', 'dashboard'].map((type) => exportOf(type)));
      assert.deepEqual(await Promise.all(['search', 'visualization', 'dashboard'].map((type) => exportOf(type, sub.apiToken))), [
        { kibanaVersion: '7.2.1', hits: [] },
        { kibanaVersion: '7.2.1', hits: [] },
        { kibanaVersion: '7.2.1', hits: [] },
      ]);
      for (const exported of main) {
        const result = await importOf(exported.hits, undefined, sub.apiToken);
        assert.equal(result.created.length, exported.hits.length);
      }
      // Objects imported together are equally old; the export's order is by age, so compare by _id.
      const byId = (exported: ExportBody) => [...exported.hits].sort((a, b) => String(a._id).localeCompare(String(b._id)));
      const copied = await Promise.all(['search', 'visualization', 'dashboard'].map((type) => exportOf(type, sub.apiToken)));
      assert.deepEqual(copied.map(byId), main.map(byId));
      // The copy's references hold within the second account too.
      assert.equal((await remove('search', 'rt-search', sub.apiToken)).statusCode, 409);
      // Replacing the copy does not touch the original.
      await importOf([searchHit('rt-search', 'changed in sub')], true, sub.apiToken);
      assert.deepEqual(
        (await exportOf('search')).hits.find((hit) => hit._id === 'search:rt-search'),
        searchHit('rt-search', 'round trip'),
      );
    });

    it('lists unreadable hits as failed and stores the others', async () => {
      const good = searchHit('fine', 'fine one');
      const result = await importOf([
        good,
        { ...searchHit('x', 'wrong type'), _id: 'lens:x' },
        { ...searchHit('y', 'mismatch'), _id: 'dashboard:y' },
        { _id: 'search:z', _source: { type: 'search', search: 'not an object' } },
        { _id: 'search:', _source: { type: 'search', search: { title: 'no id' } } },
        { _source: { type: 'search', search: {} } },
      ]);
      assert.deepEqual(result, {
        created: ['fine one'],
        updated: [],
        ignored: [],
        failed: ['wrong type', 'mismatch', 'search:z', 'no id', 'hits[5]'],
      });
      assert.ok((await exportOf('search')).hits.some((hit) => hit._id === 'search:fine'));
      assert.ok(!(await exportOf('dashboard')).hits.some((hit) => hit._id === 'dashboard:y'));
    });

    it('refuses a delete that would break a reference, naming what depends on it, and deletes in order', async () => {
      await importOf([
        searchHit('dep-search', 'base search'),
        visualizationHit('dep-vis', 'dep-search'),
        dashboardHit('dep-board', ['dep-vis']),
      ]);
      const refused = await remove('search', 'dep-search');
      assert.equal(refused.statusCode, 409, refused.body);
      const body = refused.json<{ errorCode: string; message: string; parameters: { dependents: unknown } }>();
      assert.equal(body.errorCode, 'saved-objects/REFERENCED');
      assert.deepEqual(body.parameters.dependents, [{ type: 'visualization', id: 'dep-vis', title: 'vis dep-vis' }]);
      assert.match(body.message, /visualization:dep-vis/);
      assert.equal((await call(t, 'DELETE', '/v1/saved-objects/visualization/dep-vis', t.apiToken)).statusCode, 409);

      const board = await remove('dashboard', 'dep-board');
      assert.equal(board.statusCode, 200);
      assert.deepEqual(board.json(), {});
      assert.equal((await remove('visualization', 'dep-vis')).statusCode, 200);
      assert.equal((await remove('search', 'dep-search')).statusCode, 200);
      assert.equal((await remove('search', 'dep-search')).statusCode, 404);
      assert.ok(!(await exportOf('search')).hits.some((hit) => hit._id === 'search:dep-search'));
    });

    it('moves the references of an object an import overrides', async () => {
      await importOf([searchHit('move-a', 'a'), searchHit('move-b', 'b'), visualizationHit('move-v', 'move-a')]);
      assert.equal((await remove('search', 'move-a')).statusCode, 409);
      // Two hits of one id in one request: the last one's references count.
      assert.deepEqual((await importOf([visualizationHit('move-v', 'move-a'), visualizationHit('move-v', 'move-b')], true)).updated, [
        'vis move-v',
        'vis move-v',
      ]);
      assert.equal((await remove('search', 'move-b')).statusCode, 409);
      assert.equal((await remove('search', 'move-a')).statusCode, 200);
    });

    it("counts a visualization's legacy savedSearchId as a reference", async () => {
      const legacy = visualizationHit('legacy-vis', 'unused');
      const source = legacy._source as { references: unknown; visualization: Record<string, unknown> };
      source.references = [];
      source.visualization.savedSearchId = 'legacy-search';
      await importOf([searchHit('legacy-search', 'legacy search'), legacy]);
      assert.equal((await remove('search', 'legacy-search')).statusCode, 409);
    });

    it('accepts a dashboard whose visualizations are not there yet', async () => {
      assert.deepEqual((await importOf([dashboardHit('early', ['later-vis'])])).created, ['board early']);
      assert.deepEqual((await importOf([visualizationHit('later-vis', 'nothing')])).created, ['vis later-vis']);
      assert.equal((await remove('visualization', 'later-vis')).statusCode, 409);
    });

    it("keeps each account's objects to itself", async () => {
      await importOf([searchHit('mine-only', 'main secret')]);
      assert.ok(!(await exportOf('search', sub.apiToken)).hits.some((hit) => hit._id === 'search:mine-only'));
      assert.equal((await call(t, 'GET', '/v1/saved-objects/search/mine-only', sub.apiToken)).statusCode, 404);
      assert.equal(
        (await call(t, 'PUT', '/v1/saved-objects/search/mine-only', sub.apiToken, { attributes: { title: 'x' } })).statusCode,
        404,
      );
      assert.equal((await remove('search', 'mine-only', sub.apiToken)).statusCode, 404);
      const listed = await call(t, 'GET', '/v1/saved-objects/search?search=secret', sub.apiToken);
      assert.deepEqual(listed.json<{ total: number }>().total, 0);
      assert.ok((await exportOf('search')).hits.some((hit) => hit._id === 'search:mine-only'));
    });

    it('exports an object the web app made with every member SPEC.md lists, and a later edit keeps imported keys', async () => {
      const made = await call(t, 'POST', '/v1/saved-objects/dashboard', t.apiToken, {
        id: 'web-board',
        attributes: { title: 'From the web' },
      });
      assert.equal(made.statusCode, 200, made.body);
      const hit = (await exportOf('dashboard')).hits.find((h) => h._id === 'dashboard:web-board');
      assert.deepEqual(hit, {
        _index: 'logzioCustomerIndex*',
        _type: '_doc',
        _id: 'dashboard:web-board',
        _score: 1,
        _source: {
          type: 'dashboard',
          id: 'web-board',
          dashboard: {
            description: '',
            hits: 0,
            panelsJSON: '[]',
            optionsJSON: '{}',
            timeRestore: false,
            version: 1,
            title: 'From the web',
            kibanaSavedObjectMeta: { searchSourceJSON: '{}' },
          },
          references: [],
          updated_at: clock.now(),
        },
      });

      const read = (await call(t, 'GET', '/v1/saved-objects/dashboard/rt-board', t.apiToken)).json<{
        attributes: Record<string, unknown>;
      }>();
      clock.advance(5000);
      const edited = await call(t, 'PUT', '/v1/saved-objects/dashboard/rt-board', t.apiToken, {
        attributes: { ...read.attributes, title: 'renamed board' },
        references: [{ name: 'panel_0', type: 'visualization', id: 'rt-vis' }],
      });
      assert.equal(edited.statusCode, 200, edited.body);
      const after = (await exportOf('dashboard')).hits.find((h) => h._id === 'dashboard:rt-board') as {
        _score: number;
        _source: Record<string, unknown>;
      };
      const original = dashboardHit('rt-board', ['rt-vis']) as { _source: Record<string, unknown> };
      assert.equal(after._score, 2.25);
      assert.equal(after._source.updated_at, clock.now());
      assert.deepEqual((after._source.dashboard as Record<string, unknown>)._logzioOriginalAppId, 1234);
      assert.equal((after._source.dashboard as Record<string, unknown>).title, 'renamed board');
      assert.equal(after._source.id, original._source.id);
    });

    it('judges hits in request order: a repeated id is created by its first hit, then updated or ignored', async () => {
      const [a, b, c] = [searchHit('twice', 'first'), searchHit('twice', 'second'), searchHit('twice-2', 'other')];
      assert.deepEqual(await importOf([a, c, b]), { created: ['first', 'other'], updated: [], ignored: ['second'], failed: [] });
      assert.deepEqual(
        (await exportOf('search')).hits.find((hit) => hit._id === 'search:twice'),
        a,
      );
      const [d, e] = [searchHit('thrice', 'one'), searchHit('thrice', 'two')];
      assert.deepEqual(await importOf([d, e], true), { created: ['one'], updated: ['two'], ignored: [], failed: [] });
      assert.deepEqual(
        (await exportOf('search')).hits.find((hit) => hit._id === 'search:thrice'),
        e,
      );
    });

    it('imports hundreds of hits at once, references included, and exports them all', async () => {
      const searches = Array.from({ length: 450 }, (_, i) => searchHit(`bulk-s${i}`, `bulk search ${i}`));
      const visualizations = Array.from({ length: 450 }, (_, i) => visualizationHit(`bulk-v${i}`, `bulk-s${i}`));
      const result = await importOf([...searches, ...visualizations]);
      assert.equal(result.created.length, 900);
      assert.deepEqual(result.created.slice(0, 2), ['bulk search 0', 'bulk search 1']);
      const exported = (await exportOf('visualization')).hits.filter((hit) => String(hit._id).startsWith('visualization:bulk-v'));
      assert.equal(exported.length, 450);
      assert.deepEqual(
        exported.find((hit) => hit._id === 'visualization:bulk-v449'),
        visualizations[449],
      );
      const refused = await remove('search', 'bulk-s449');
      assert.equal(refused.statusCode, 409);
      assert.deepEqual(refused.json<{ parameters: { dependents: unknown } }>().parameters.dependents, [
        { type: 'visualization', id: 'bulk-v449', title: 'vis bulk-v449' },
      ]);
    });

    it('answers concurrent imports and creates of one id without a server error, storing it once', async () => {
      const hit = searchHit('raced', 'raced');
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, (_, i) =>
          call(t, 'POST', i % 2 === 0 ? '/v1/kibana/import' : '/kibana/import', t.apiToken, { hits: [hit], override: i === 3 }),
        ),
        ...Array.from({ length: 4 }, () =>
          call(t, 'POST', '/v1/saved-objects/search', t.apiToken, { id: 'raced', attributes: { title: 'web' } }),
        ),
      ]);
      assert.deepEqual(
        answers.map((a) => a.statusCode).filter((status) => status !== 200 && status !== 409),
        [],
      );
      const created = answers.filter(
        (a) =>
          a.statusCode === 200 && ((a.json<{ created?: string[] }>().created?.length ?? 0) > 0 || a.json<{ id?: string }>().id === 'raced'),
      );
      assert.equal(created.length, 1, answers.map((a) => a.body).join('\n'));
      assert.equal((await exportOf('search')).hits.filter((h) => h._id === 'search:raced').length, 1);
    });

    it('stores titles and keys with control characters, NUL included, and exports them as they came', async () => {
      const hit = searchHit('odd-title', 'nul\u0000 and \u202e bidi');
      (hit._source as Record<string, unknown>)['weird\u0000key'] = '\ud800 lone surrogate';
      (hit._source as { references: unknown[] }).references.push({ name: 'nul', type: 'search', id: 'a\u0000b' });
      assert.deepEqual((await importOf([hit])).created, ['nul\u0000 and \u202e bidi']);
      assert.deepEqual(
        (await exportOf('search')).hits.find((h) => h._id === 'search:odd-title'),
        JSON.parse(JSON.stringify(hit)),
      );
      const listed = await call(t, 'GET', '/v1/saved-objects/search?search=bidi', t.apiToken);
      assert.deepEqual(
        listed.json<{ objects: { id: string }[] }>().objects.map((o) => o.id),
        ['odd-title'],
      );
    });

    it('answers bad bodies with 400 naming the path', async () => {
      const cases: [string, unknown, string][] = [
        ['/v1/kibana/export', {}, 'body.type'],
        ['/v1/kibana/export', { type: 'lens' }, 'body.type'],
        ['/kibana/export', { type: 7 }, 'body.type'],
        ['/v1/kibana/export', [], 'body'],
        ['/v1/kibana/import', {}, 'body.hits'],
        ['/v1/kibana/import', { hits: 'all' }, 'body.hits'],
        ['/v1/kibana/import', { hits: [1] }, 'body.hits.0'],
        ['/v1/kibana/import', { hits: [], override: 'yes' }, 'body.override'],
        ['/v1/kibana/import', { hits: [], kibanaVersion: 7 }, 'body.kibanaVersion'],
      ];
      for (const [path, payload, field] of cases) {
        const response = await call(t, 'POST', path, t.apiToken, payload);
        assert.equal(response.statusCode, 400, `${path} ${JSON.stringify(payload)}: ${response.body}`);
        assert.equal(response.json<{ parameters: { field?: string } }>().parameters.field, field, `${path} ${JSON.stringify(payload)}`);
      }
      for (const url of ['/v1/saved-objects/search?search=a%00b', '/v1/saved-objects/search/a%00b']) {
        const response = await call(t, 'GET', url, t.apiToken);
        assert.equal(response.statusCode, 400, `${url}: ${response.body}`);
      }
      assert.equal((await remove('search', 'a%00b')).statusCode, 400);
      const badType = await remove('lens', 'x');
      assert.equal(badType.statusCode, 400);
      assert.equal(badType.json<{ parameters: { field?: string } }>().parameters.field, 'params.type');
      assert.equal((await call(t, 'POST', '/v1/kibana/export', 'not-a-token', { type: 'search' })).statusCode, 403);
    });
  });
}
