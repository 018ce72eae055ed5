/** The web app's saved-object API, /v1/saved-objects (decision 0500). */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { call } from '../support/control-plane-client.js';
import { createManualClock, startTestApp, type TestApp } from '../support/test-app.js';

const START = Date.UTC(2026, 10, 25, 9, 0, 0);
const BASE = '/v1/saved-objects';

interface SavedObjectWire {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  references: { name: string; type: string; id: string }[];
  version: number;
  createdAt: number;
  updatedAt: number;
  createdBy: string;
  updatedBy: string;
}

for (const backend of controlPlaneBackends) {
  describe(`saved objects for the web app (${backend.name})`, () => {
    let t: TestApp;
    const clock = createManualClock(START);
    before(async () => {
      t = await startTestApp({ backend, clock, env: { LOGWARD_BOOTSTRAP_ADMIN_EMAIL: 'admin@example.com' } });
    });
    after(async () => t.close());

    const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => call(t, method, url, t.apiToken, payload);

    it('creates a search with the export members filled in, reads it, lists it, updates it and deletes it', async () => {
      const created = await send('POST', `${BASE}/search`, {
        attributes: {
          title: 'Errors of checkout',
          columns: ['message', 'level'],
          sort: [['@timestamp', 'desc']],
          kibanaSavedObjectMeta: { searchSourceJSON: '{"query":{"query":"level:error","language":"lucene"},"filter":[]}' },
          customKey: { kept: [1, 2] },
        },
      });
      assert.equal(created.statusCode, 200, created.body);
      const search = created.json<SavedObjectWire>();
      assert.match(search.id, /^[0-9a-f-]{36}$/);
      assert.deepEqual(search, {
        id: search.id,
        type: 'search',
        attributes: {
          description: '',
          hits: 0,
          columns: ['message', 'level'],
          sort: [['@timestamp', 'desc']],
          version: 1,
          title: 'Errors of checkout',
          kibanaSavedObjectMeta: { searchSourceJSON: '{"query":{"query":"level:error","language":"lucene"},"filter":[]}' },
          customKey: { kept: [1, 2] },
        },
        references: [],
        version: 1,
        createdAt: START,
        updatedAt: START,
        createdBy: 'admin@example.com',
        updatedBy: 'admin@example.com',
      });
      assert.deepEqual((await send('GET', `${BASE}/search/${search.id}`)).json(), search);

      clock.advance(60_000);
      const updated = await send('PUT', `${BASE}/search/${search.id}`, {
        attributes: { ...search.attributes, title: 'Checkout errors', columns: ['message'] },
        version: 1,
      });
      assert.equal(updated.statusCode, 200, updated.body);
      assert.deepEqual(updated.json<SavedObjectWire>(), {
        ...search,
        attributes: { ...search.attributes, title: 'Checkout errors', columns: ['message'] },
        version: 2,
        updatedAt: START + 60_000,
      });

      const stale = await send('PUT', `${BASE}/search/${search.id}`, { attributes: { title: 'lost update' }, version: 1 });
      assert.equal(stale.statusCode, 409, stale.body);
      assert.equal(stale.json<{ errorCode: string }>().errorCode, 'saved-objects/VERSION_CONFLICT');

      const listed = await send('GET', `${BASE}/search?search=CHECKOUT`);
      assert.equal(listed.statusCode, 200);
      assert.deepEqual(
        listed.json<{ total: number; objects: SavedObjectWire[] }>().objects.map((o) => o.attributes.title),
        ['Checkout errors'],
      );

      const deleted = await send('DELETE', `${BASE}/search/${search.id}`);
      assert.equal(deleted.statusCode, 204);
      assert.equal((await send('GET', `${BASE}/search/${search.id}`)).statusCode, 404);
      assert.equal((await send('DELETE', `${BASE}/search/${search.id}`)).statusCode, 404);
    });

    it('lists one type by title, a page at a time', async () => {
      for (const title of ['Zeta board', 'alpha board', 'Mid board']) {
        assert.equal((await send('POST', `${BASE}/dashboard`, { attributes: { title } })).statusCode, 200);
      }
      const page = await send('GET', `${BASE}/dashboard?page=2&perPage=2`);
      assert.deepEqual(
        { ...page.json<{ total: number; page: number; perPage: number }>(), objects: undefined },
        { total: 3, page: 2, perPage: 2, objects: undefined },
      );
      const all = await send('GET', `${BASE}/dashboard`);
      assert.deepEqual(
        all.json<{ objects: SavedObjectWire[] }>().objects.map((o) => o.attributes.title),
        ['alpha board', 'Mid board', 'Zeta board'],
      );
      assert.deepEqual((await send('GET', `${BASE}/visualization`)).json(), { total: 0, page: 1, perPage: 50, objects: [] });
    });

    it('keeps an id the client chose, and refuses it twice', async () => {
      const body = { id: 'my-vis', attributes: { title: 'Errors over time', visState: '{"type":"line","aggs":[]}' } };
      assert.equal((await send('POST', `${BASE}/visualization`, body)).statusCode, 200);
      const again = await send('POST', `${BASE}/visualization`, body);
      assert.equal(again.statusCode, 409);
      assert.equal(again.json<{ errorCode: string }>().errorCode, 'saved-objects/ALREADY_EXISTS');
    });

    it('answers bad bodies with 400 naming the field', async () => {
      const cases: [string, string, unknown, string][] = [
        ['POST', `${BASE}/search`, {}, 'body.attributes'],
        ['POST', `${BASE}/search`, { attributes: {} }, 'body.attributes.title'],
        ['POST', `${BASE}/search`, { attributes: { title: '' } }, 'body.attributes.title'],
        ['POST', `${BASE}/search`, { attributes: { title: 'x', columns: 'message' } }, 'body.attributes.columns'],
        ['POST', `${BASE}/visualization`, { attributes: { title: 'x' } }, 'body.attributes.visState'],
        ['POST', `${BASE}/visualization`, { attributes: { title: 'x', visState: '{not json' } }, 'body.attributes.visState'],
        [
          'POST',
          `${BASE}/search`,
          { attributes: { title: 'x', kibanaSavedObjectMeta: { searchSourceJSON: '[' } } },
          'body.attributes.kibanaSavedObjectMeta.searchSourceJSON',
        ],
        ['POST', `${BASE}/dashboard`, { attributes: { title: 'x', timeRestore: 'yes' } }, 'body.attributes.timeRestore'],
        [
          'POST',
          `${BASE}/dashboard`,
          { attributes: { title: 'x' }, references: [{ name: 'p', type: 'visualization' }] },
          'body.references.0.id',
        ],
        ['POST', `${BASE}/dashboard`, { attributes: { title: 'x' }, extra: 1 }, 'body'],
        ['POST', `${BASE}/dashboard`, { id: 'a/b', attributes: { title: 'x' } }, 'body.id'],
        ['PUT', `${BASE}/dashboard/nope`, { attributes: { title: 'x' }, version: 0 }, 'body.version'],
      ];
      for (const [method, url, payload, field] of cases) {
        const response = await send(method as 'POST', url, payload);
        assert.equal(response.statusCode, 400, `${JSON.stringify(payload)}: ${response.body}`);
        const body = response.json<{ message: string; parameters: { field?: string } }>();
        assert.equal(body.parameters.field, field, `${JSON.stringify(payload)}: ${body.message}`);
      }
      assert.equal((await send('GET', `${BASE}/lens`)).statusCode, 404);
    });
  });
}
