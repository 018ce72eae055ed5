import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BYTES_PER_GB } from '../../src/ingest/daily-quota.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { call } from '../support/control-plane-client.js';
import { shapeMismatches } from '../support/json-shape.js';
import { openLogReader, type LogReader } from '../support/log-reader.js';
import { readLogzioFixture } from '../support/logzio-fixtures.js';
import { createManualClock, startTestApp, type TestApp } from '../support/test-app.js';

interface DropFilterWire {
  id: string;
  active: boolean;
  logType?: string;
  description?: string;
  fieldConditions: { fieldName: string; value: unknown }[];
  thresholdInGB?: number;
  droppedLogs: number;
  droppedBytes: number;
}

/** What the Terraform client sends: the fixture's fields without the id and the active flag. */
function requestOf(fixture: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, active: _active, ...rest } = fixture;
  return rest;
}

for (const backend of controlPlaneBackends) {
  describe(`drop filters /v1/drop-filters (${backend.name})`, () => {
    const clock = createManualClock(Date.now());
    let t: TestApp;
    let listenerUrl = '';
    let reader: LogReader;
    const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => call(t, method, url, t.apiToken, payload);
    const ship = async (type: string, lines: readonly Record<string, unknown>[]) =>
      fetch(`${listenerUrl}/?token=${t.shippingToken}&type=${type}`, {
        method: 'POST',
        body: lines.map((line) => JSON.stringify(line)).join('\n'),
      });
    const search = async (): Promise<DropFilterWire[]> => {
      const response = await api('POST', '/v1/drop-filters/search');
      assert.equal(response.statusCode, 200, response.body);
      return response.json<DropFilterWire[]>();
    };

    before(async () => {
      t = await startTestApp({ backend, clock, env: { LOGWARD_ROLES: 'api,ingest' } });
      listenerUrl = (await t.listen()).listenerUrl;
      reader = openLogReader(t.config);
    });
    after(async () => {
      reader.close();
      await t.close();
    });

    it('creates, lists, activates, deactivates and deletes in the fixture shapes, field by field', async () => {
      const createFixture = readLogzioFixture('drop_filters', 'create_drop_filter.json') as Record<string, unknown>;
      const created = await api('POST', '/v1/drop-filters', requestOf(createFixture));
      assert.equal(created.statusCode, 200, created.body);
      const body = created.json<DropFilterWire>();
      assert.deepEqual(shapeMismatches(body, createFixture), []);
      assert.deepEqual({ ...body, id: 'some-drop-filter-id' }, { ...createFixture, droppedLogs: 0, droppedBytes: 0 });
      assert.match(body.id, /^[0-9a-f-]{36}$/);

      const listFixture = readLogzioFixture('drop_filters', 'retrieve_drop_filter.json') as Record<string, unknown>[];
      clock.advance(1);
      const second = await api('POST', '/v1/drop-filters', requestOf(listFixture[1] ?? {}));
      assert.equal(second.statusCode, 200, second.body);
      assert.deepEqual(second.json<DropFilterWire>().fieldConditions, [{ fieldName: 'field', value: 200 }]);
      const listed = await search();
      // The fixture's values are a string and a number (Go reads an interface{}): each item against its own.
      assert.equal(listed.length, 2);
      listed.forEach((filter, index) => assert.deepEqual(shapeMismatches(filter, listFixture[index]), [], String(index)));
      assert.deepEqual(
        listed.map((filter) => filter.description),
        ['some_description', 'other_description'],
      );

      const deactivated = await api('POST', `/v1/drop-filters/${body.id}/deactivate`);
      assert.equal(deactivated.statusCode, 200, deactivated.body);
      assert.deepEqual(shapeMismatches(deactivated.json(), readLogzioFixture('drop_filters', 'deactivate_drop_filter.json')), []);
      assert.equal(deactivated.json<DropFilterWire>().active, false);
      const activated = await api('POST', `/v1/drop-filters/${body.id}/activate`);
      assert.equal(activated.statusCode, 200, activated.body);
      assert.deepEqual(shapeMismatches(activated.json(), readLogzioFixture('drop_filters', 'activate_drop_filter.json')), []);
      assert.equal(activated.json<DropFilterWire>().active, true);

      const deleted = await api('DELETE', `/v1/drop-filters/${body.id}`);
      assert.equal(deleted.statusCode, 200, deleted.body);
      assert.deepEqual(shapeMismatches(deleted.json(), readLogzioFixture('drop_filters', 'delete_drop_filter.json')), []);
      assert.equal(deleted.json<DropFilterWire>().id, body.id);
      for (const [method, url] of [
        ['DELETE', `/v1/drop-filters/${body.id}`],
        ['POST', `/v1/drop-filters/${body.id}/activate`],
        ['POST', `/v1/drop-filters/${body.id}/deactivate`],
      ] as const) {
        const missing = await api(method, url);
        assert.equal(missing.statusCode, 404, `${method} ${url}`);
        assert.equal(missing.json<{ errorCode: string }>().errorCode, 'drop-filters/DROP_FILTER_NOT_FOUND');
      }
      assert.equal((await api('DELETE', `/v1/drop-filters/${second.json<DropFilterWire>().id}`)).statusCode, 200);
      assert.deepEqual(await search(), []);
    });

    it('refuses bodies it cannot apply with a 400 naming the field', async () => {
      const condition = { fieldName: 'a', value: 'x' };
      for (const [payload, field] of [
        [{}, 'fieldConditions'],
        [{ fieldConditions: [] }, 'fieldConditions'],
        [
          {
            fieldConditions: [
              condition,
              { ...condition, fieldName: 'b' },
              { ...condition, fieldName: 'c' },
              { ...condition, fieldName: 'd' },
            ],
          },
          'fieldConditions',
        ],
        [{ fieldConditions: [condition, condition] }, 'fieldConditions'],
        [{ fieldConditions: [{ fieldName: '', value: 'x' }] }, 'fieldName'],
        [{ fieldConditions: [{ fieldName: 'a', value: { nested: 1 } }] }, 'value'],
        [{ fieldConditions: [condition], thresholdInGB: -1 }, 'thresholdInGB'],
      ] as const) {
        const response = await api('POST', '/v1/drop-filters', payload);
        assert.equal(response.statusCode, 400, `${JSON.stringify(payload)} → ${response.statusCode} ${response.body}`);
        assert.match(response.body, new RegExp(field));
      }
      assert.deepEqual(await search(), []);
    });

    it('drops matching logs at the listener before they are stored or counted against the daily cap, counted per filter', async () => {
      // A cap of 2,000 bytes today: 40 dropped logs of ~100 bytes would blow it; they are not counted.
      await t.app.controlPlane.db
        .updateTable('accounts')
        .set({ max_daily_gb: 2_000 / BYTES_PER_GB })
        .where('id', '=', t.mainAccountId)
        .execute();
      const created = await api('POST', '/v1/drop-filters', {
        logType: 'nginx',
        description: 'health checks',
        fieldConditions: [
          { fieldName: 'path', value: '/health' },
          { fieldName: 'status', value: 200 },
        ],
      });
      assert.equal(created.statusCode, 200, created.body);
      const filterId = created.json<DropFilterWire>().id;
      const now = new Date(clock.now()).toISOString();
      const health = (i: number) => ({ '@timestamp': now, path: '/health', status: 200, message: `health check number ${i} padded out` });

      for (let round = 0; round < 4; round += 1) {
        const response = await ship(
          'nginx',
          Array.from({ length: 10 }, (_, i) => health(round * 10 + i)),
        );
        assert.equal(response.status, 200, await response.text());
      }
      // Not matching: another status, another type.
      assert.equal((await ship('nginx', [{ '@timestamp': now, path: '/health', status: 500, message: 'kept 1' }])).status, 200);
      assert.equal((await ship('apache', [{ '@timestamp': now, path: '/health', status: 200, message: 'kept 2' }])).status, 200);

      const stored = await reader.logs(t.mainAccountId);
      assert.deepEqual(stored.map((log) => log.message).sort(), ['kept 1', 'kept 2']);

      const [read] = (await search()).filter((filter) => filter.id === filterId);
      assert.equal(read?.droppedLogs, 40);
      assert.ok((read?.droppedBytes ?? 0) > 40 * 60, String(read?.droppedBytes));
      const metrics = await t.api.inject({ method: 'GET', url: '/metrics' });
      assert.match(
        metrics.body,
        new RegExp(`logward_drop_filter_dropped_logs_total\\{account="${t.mainAccountId}",filter="${filterId}"\\} 40`),
      );

      // Only the two kept logs count: the cap still has room for a third.
      await t.app.controlPlane.db.updateTable('accounts').set({ max_daily_gb: 10 }).where('id', '=', t.mainAccountId).execute();

      // Deactivated: the very next request is stored (this process sees its own change at once).
      assert.equal((await api('POST', `/v1/drop-filters/${filterId}/deactivate`)).statusCode, 200);
      assert.equal((await ship('nginx', [health(99)])).status, 200);
      assert.ok((await reader.logs(t.mainAccountId)).some((log) => log.message === 'health check number 99 padded out'));
      assert.equal((await search()).find((filter) => filter.id === filterId)?.droppedLogs, 40);
      assert.equal((await api('DELETE', `/v1/drop-filters/${filterId}`)).statusCode, 200);
    });

    it('keeps matching logs under a daily threshold and drops them past it', async () => {
      const created = await api('POST', '/v1/drop-filters', {
        logType: 'chatty',
        fieldConditions: [{ fieldName: 'level', value: 'DEBUG' }],
        thresholdInGB: 300 / BYTES_PER_GB,
      });
      assert.equal(created.statusCode, 200, created.body);
      const now = new Date(clock.now()).toISOString();
      const lines = Array.from({ length: 10 }, (_, i) => ({ '@timestamp': now, level: 'DEBUG', message: `debug line ${i} of ten` }));
      for (const line of lines) assert.equal((await ship('chatty', [line])).status, 200);
      const kept = (await reader.logs(t.mainAccountId)).filter((log) => log.type === 'chatty');
      const size = kept[0]?.sizeBytes ?? 1;
      assert.equal(kept.length, Math.floor(300 / size));
      const read = (await search()).find((filter) => filter.id === created.json<DropFilterWire>().id);
      assert.equal(read?.droppedLogs, 10 - kept.length);
    });
  });
}
