import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../src/shared/clock.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface List {
  id: string;
  name: string;
  description: string;
}
interface Element {
  id: number;
  value: string;
  comment: string;
  expirationDate: number | null;
}
interface Page<T> {
  total: number;
  results: T[];
  pagination: { pageNumber: number; pageSize: number };
}

const START = Date.UTC(2026, 10, 25, 12, 0, 0);
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

for (const backend of controlPlaneBackends) {
  describe(`lookup lists API (${backend.name})`, () => {
    let t: TestApp;
    const clock = createManualClock(START);
    before(async () => {
      t = await startTestApp({ backend, clock, env: { LOGWARD_ROLES: 'api' } });
    });
    after(async () => t.close());
    const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = t.apiToken) => {
      const response = await t.api.inject({
        method,
        url,
        headers: { 'x-api-token': token },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      return { status: response.statusCode, body: response.json<unknown>(), text: response.body };
    };
    const ok = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<T> => {
      const response = await call(method, url, payload);
      assert.equal(response.status, 200, response.text);
      return response.body as T;
    };
    const refused = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload: unknown, field: RegExp, status = 400) => {
      const response = await call(method, url, payload);
      assert.equal(response.status, status, `${method} ${url} ${JSON.stringify(payload)?.slice(0, 200)}: ${response.text}`);
      assert.match((response.body as { message: string }).message, field);
    };

    it('creates lists with GUID ids, names absent ones Untitled N, gets, updates and deletes them', async () => {
      const named = await ok<List>('POST', '/v1/lookup-lists', { name: 'bad ips', description: 'known scanners' });
      assert.match(named.id, GUID);
      assert.deepEqual(named, { id: named.id, name: 'bad ips', description: 'known scanners' });
      const first = await ok<List>('POST', '/v1/lookup-lists', {});
      const second = await ok<List>('POST', '/v1/lookup-lists', { name: null, description: '' });
      const third = await ok<List>('POST', '/v1/lookup-lists', { name: '' });
      assert.deepEqual([first.name, second.name, third.name], ['Untitled 1', 'Untitled 2', 'Untitled 3']);
      assert.deepEqual(await ok<List>('GET', `/v1/lookup-lists/${named.id}`), named);
      const renamed = await ok<List>('PUT', `/v1/lookup-lists/${first.id}`, { id: first.id, name: 'admins' });
      assert.deepEqual(renamed, { id: first.id, name: 'admins', description: '' });
      const redescribed = await ok<List>('PUT', `/v1/lookup-lists/${first.id}`, { description: 'people with root' });
      assert.deepEqual(redescribed, { id: first.id, name: 'admins', description: 'people with root' });
      assert.deepEqual(await ok<List>('DELETE', `/v1/lookup-lists/${third.id}`), third);
      assert.equal((await call('GET', `/v1/lookup-lists/${third.id}`)).status, 404);
      assert.equal((await call('DELETE', `/v1/lookup-lists/${third.id}`)).status, 404);
      for (const list of [named, first, second]) await ok('DELETE', `/v1/lookup-lists/${list.id}`);
    });

    it('searches lists by term and ids (both must hold), pages with a fixed total, and returns all without a filter', async () => {
      const made: List[] = [];
      for (const [name, description] of [
        ['scanners', 'bad ips seen scanning'],
        ['tor exits', 'updated daily'],
        ['admins', 'not the BAD ones'],
        ['hashes', 'known good'],
      ] as const) {
        made.push(await ok<List>('POST', '/v1/lookup-lists', { name, description }));
      }
      const all = await ok<Page<List>>('POST', '/v1/lookup-lists/search', {});
      assert.equal(all.total, 4);
      assert.deepEqual(all.pagination, { pageNumber: 1, pageSize: 25 });
      const bad = await ok<Page<List>>('POST', '/v1/lookup-lists/search', { filter: { searchTerm: 'bad' } });
      assert.deepEqual(bad.results.map((l) => l.name).sort(), ['admins', 'scanners']);
      const both = await ok<Page<List>>('POST', '/v1/lookup-lists/search', {
        filter: { searchTerm: 'bad', byIds: [made[0]?.id, made[1]?.id] },
      });
      assert.deepEqual(
        both.results.map((l) => l.name),
        ['scanners'],
      );
      const page2 = await ok<Page<List>>('POST', '/v1/lookup-lists/search', { pagination: { pageNumber: 2, pageSize: 3 } });
      assert.equal(page2.total, 4);
      assert.equal(page2.results.length, 1);
      assert.deepEqual(page2.pagination, { pageNumber: 2, pageSize: 3 });
      const past = await ok<Page<List>>('POST', '/v1/lookup-lists/search', { pagination: { pageNumber: 9, pageSize: 3 } });
      assert.deepEqual([past.total, past.results.length], [4, 0]);
      const percent = await ok<Page<List>>('POST', '/v1/lookup-lists/search', { filter: { searchTerm: '%' } });
      assert.equal(percent.total, 0);
      for (const list of made) await ok('DELETE', `/v1/lookup-lists/${list.id}`);
    });

    it('adds, searches, gets, updates and deletes elements', async () => {
      const list = await ok<List>('POST', '/v1/lookup-lists', { name: 'elements' });
      const base = `/v1/lookup-lists/${list.id}/elements`;
      const expiry = START + 86_400_000;
      const a = await ok<Element>('POST', base, { value: '10.0.0.1', comment: 'db server', expirationDate: expiry });
      assert.deepEqual(a, { id: a.id, value: '10.0.0.1', comment: 'db server', expirationDate: expiry });
      const b = await ok<Element>('POST', base, { value: '192.168.0.0/16' });
      assert.deepEqual(b, { id: b.id, value: '192.168.0.0/16', comment: '', expirationDate: null });
      const c = await ok<Element>('POST', base, { value: 'root', comment: 'Server admin' });
      assert.deepEqual(await ok<Element>('GET', `${base}/${a.id}`), a);
      // GUIDs are answered in lower case and accepted in any case.
      assert.deepEqual(await ok<Element>('GET', `/v1/lookup-lists/${list.id.toUpperCase()}/elements/${a.id}`), a);
      assert.deepEqual(await ok<List>('GET', `/v1/lookup-lists/${list.id.toUpperCase()}`), list);
      const search = (filter: unknown) => ok<Page<Element>>('POST', `${base}/search`, { filter });
      assert.equal((await search(undefined)).total, 3);
      assert.deepEqual(
        (await search({ searchTerm: 'SERVER' })).results.map((e) => e.value),
        ['10.0.0.1', 'root'],
      );
      assert.deepEqual(
        (await search({ byValues: ['root', 'nobody'] })).results.map((e) => e.id),
        [c.id],
      );
      assert.deepEqual(
        (await search({ byIds: [a.id, b.id], searchTerm: 'db' })).results.map((e) => e.id),
        [a.id],
      );
      assert.equal((await search({ byIds: [a.id], byValues: ['root'] })).total, 0);
      const updated = await ok<Element>('PUT', `${base}/${a.id}`, { id: a.id, value: '10.0.0.2' });
      assert.deepEqual(updated, { id: a.id, value: '10.0.0.2', comment: '', expirationDate: null });
      assert.deepEqual(await ok<Element>('DELETE', `${base}/${c.id}`), c);
      assert.equal((await call('GET', `${base}/${c.id}`)).status, 404);
      assert.equal((await search({})).total, 2);
      await ok('DELETE', `/v1/lookup-lists/${list.id}`);
      assert.equal((await call('GET', `${base}/${a.id}`)).status, 404);
    });

    it('bulk-adds, merging existing values and reporting which items failed and why', async () => {
      const list = await ok<List>('POST', '/v1/lookup-lists', { name: 'bulk' });
      const base = `/v1/lookup-lists/${list.id}/elements`;
      const existing = await ok<Element>('POST', base, { value: '1.1.1.1', comment: 'old' });
      const ttl = START + 3_600_000;
      const result = await ok<Record<string, unknown>>('POST', `${base}/bulk-add?defaultTTL=${ttl}`, [
        { value: '1.1.1.1', comment: 'new' },
        { value: '2.2.2.2' },
        { value: '3.3.3.3', expirationDate: ttl + 1 },
        { value: '' },
        { value: 'x'.repeat(81) },
        { value: 'ok', comment: 'c'.repeat(201) },
        { value: 'past', expirationDate: START - 1 },
        { value: '2.2.2.2', comment: 'twice' },
      ]);
      assert.equal(result.status, 'PARTIAL_FAILED');
      assert.equal(result.numOfAddedElements, 2);
      assert.equal(result.numOfMergedElements, 1);
      assert.equal(result.numOfFailedElements, 4);
      const failures = result.failures as { index: number; field: string; reason: string }[];
      assert.deepEqual(
        failures.map((f) => [f.index, f.field]),
        [
          [3, 'body.3.value'],
          [4, 'body.4.value'],
          [5, 'body.5.comment'],
          [6, 'body.6.expirationDate'],
        ],
      );
      const merged = await ok<Element>('GET', `${base}/${existing.id}`);
      assert.deepEqual(merged, { id: existing.id, value: '1.1.1.1', comment: 'new', expirationDate: ttl });
      const all = await ok<Page<Element>>('POST', `${base}/search`, { filter: { byValues: ['2.2.2.2', '3.3.3.3'] } });
      assert.deepEqual(all.results.map((e) => [e.value, e.comment, e.expirationDate]).sort(), [
        ['2.2.2.2', 'twice', ttl],
        ['3.3.3.3', '', ttl + 1],
      ]);
      const success = await ok<Record<string, unknown>>('POST', `${base}/bulk-add`, [{ value: '4.4.4.4' }]);
      assert.deepEqual([success.status, success.numOfAddedElements, success.numOfMergedElements], ['SUCCESS', 1, 0]);
      const failed = await ok<Record<string, unknown>>('POST', `${base}/bulk-add`, [{ value: '' }]);
      assert.deepEqual([failed.status, failed.numOfAddedElements, failed.numOfFailedElements], ['FAILED', 0, 1]);
      await ok('DELETE', `/v1/lookup-lists/${list.id}`);
    });

    it('adds 100,000 elements in one call within a few seconds', async () => {
      const list = await ok<List>('POST', '/v1/lookup-lists', { name: 'big' });
      const items = Array.from({ length: 100_000 }, (_, i) => ({
        value: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        comment: 'scanner',
      }));
      const started = performance.now();
      const result = await ok<Record<string, unknown>>('POST', `/v1/lookup-lists/${list.id}/elements/bulk-add`, items);
      const ms = performance.now() - started;
      assert.deepEqual([result.status, result.numOfAddedElements], ['SUCCESS', 100_000]);
      // A guard against per-element round trips (minutes), loose enough for a loaded machine; the figure is a bench's.
      assert.ok(ms < 30_000, `bulk add of 100,000 took ${Math.round(ms)} ms`);
      const again = await ok<Record<string, unknown>>('POST', `/v1/lookup-lists/${list.id}/elements/bulk-add`, items.slice(0, 1000));
      assert.deepEqual([again.numOfAddedElements, again.numOfMergedElements], [0, 1000]);
      const page = await ok<Page<Element>>('POST', `/v1/lookup-lists/${list.id}/elements/search`, {
        pagination: { pageNumber: 1, pageSize: 1000 },
      });
      assert.equal(page.total, 100_000);
      assert.equal(new Set(page.results.map((e) => e.id)).size, 1000);
      await ok('DELETE', `/v1/lookup-lists/${list.id}`);
    });

    it('refuses NUL and bidirectional overrides in list names and element values, as every route refuses them in names', async () => {
      const list = await ok<List>('POST', '/v1/lookup-lists', { name: 'names rule' });
      const base = `/v1/lookup-lists/${list.id}/elements`;
      for (const unsafe of ['bad\u0000name', 'exe\u202etxt', 'a\u2066b', 'tab\there']) {
        await refused('POST', '/v1/lookup-lists', { name: unsafe }, /body\.name/);
        await refused('PUT', `/v1/lookup-lists/${list.id}`, { name: unsafe }, /body\.name/);
        await refused('POST', base, { value: unsafe }, /body\.value/);
        const added = await ok<{ id: number }>('POST', base, { value: 'fine' });
        await refused('PUT', `${base}/${added.id}`, { value: unsafe }, /body\.value/);
        await ok('DELETE', `${base}/${added.id}`);
        const bulk = await ok<Record<string, unknown>>('POST', `${base}/bulk-add`, [{ value: 'good' }, { value: unsafe }]);
        assert.equal(bulk.status, 'PARTIAL_FAILED');
        assert.deepEqual(
          (bulk.failures as { index: number; field: string }[]).map((f) => [f.index, f.field]),
          [[1, 'body.1.value']],
        );
      }
      const page = await ok<Page<Element>>('POST', `${base}/search`, {});
      assert.deepEqual(
        page.results.map((e) => e.value),
        ['good'],
      );
      assert.equal((await ok<List>('GET', `/v1/lookup-lists/${list.id}`)).name, 'names rule');
      await ok('DELETE', `/v1/lookup-lists/${list.id}`);
    });

    it('answers every broken constraint with a 400 naming the field, and writes nothing', async () => {
      const list = await ok<List>('POST', '/v1/lookup-lists', { name: 'constraints' });
      const base = `/v1/lookup-lists/${list.id}/elements`;
      await refused('POST', '/v1/lookup-lists', { name: 'n'.repeat(41) }, /name/);
      await refused('POST', '/v1/lookup-lists', { description: 'd'.repeat(401) }, /description/);
      await refused('POST', '/v1/lookup-lists', { name: 5 }, /name/);
      await refused('PUT', `/v1/lookup-lists/${list.id}`, { name: '' }, /name/);
      await refused('PUT', `/v1/lookup-lists/${list.id}`, { id: '7c985e09-3db6-5dc6-ae33-58403493e13f', name: 'x' }, /body\.id/);
      await refused('GET', '/v1/lookup-lists/not-a-guid', undefined, /id/);
      await refused('POST', '/v1/lookup-lists/search', { filter: { byIds: 'x' } }, /byIds/);
      await refused('POST', '/v1/lookup-lists/search', { pagination: { pageNumber: 0, pageSize: 10 } }, /pageNumber/);
      await refused('POST', '/v1/lookup-lists/search', { pagination: { pageNumber: 1, pageSize: 1001 } }, /pageSize/);
      await refused('POST', base, {}, /value/);
      await refused('POST', base, { value: '' }, /body\.value/);
      await refused('POST', base, { value: 'v'.repeat(81) }, /body\.value/);
      await refused('POST', base, { value: 'v', comment: 'c'.repeat(201) }, /body\.comment/);
      await refused('POST', base, { value: 'v', expirationDate: START }, /body\.expirationDate/);
      await refused('POST', base, { value: 'v', expirationDate: 'tomorrow' }, /expirationDate/);
      await refused('POST', base, { value: 'v', expirationDate: 1e308 }, /body\.expirationDate/);
      await refused('POST', base, { value: 'v', expirationDate: 7_258_118_400_001 }, /body\.expirationDate/);
      await refused('POST', `${base}/bulk-add`, [{ value: 'v', expirationDate: 1e308 }], /expirationDate/);
      await refused('POST', `${base}/bulk-add?defaultTTL=1e308`, [{ value: 'v' }], /defaultTTL/);
      await refused('POST', `${base}/bulk-add`, { value: 'v' }, /body/);
      await refused('POST', `${base}/bulk-add?defaultTTL=${START - 1}`, [{ value: 'v' }], /defaultTTL/);
      await refused('POST', `${base}/search`, { filter: { byIds: ['a'] } }, /byIds/);
      const kept = await ok<Element>('POST', base, { value: 'kept' });
      await refused('POST', base, { value: 'kept' }, /body\.value/);
      const other = await ok<Element>('POST', base, { value: 'other' });
      await refused('PUT', `${base}/${other.id}`, { value: 'kept' }, /body\.value/);
      await refused('PUT', `${base}/${other.id}`, { id: kept.id, value: 'x' }, /body\.id/);
      await refused('PUT', `${base}/${other.id}`, { value: 'x'.repeat(81) }, /body\.value/);
      assert.equal((await call('GET', `/v1/lookup-lists/7c985e09-3db6-5dc6-ae33-58403493e13f/elements/1`)).status, 404);
      const page = await ok<Page<Element>>('POST', `${base}/search`, {});
      assert.deepEqual(
        page.results.map((e) => e.value),
        ['kept', 'other'],
      );
      await ok('DELETE', `/v1/lookup-lists/${list.id}`);
    });
  });
}
