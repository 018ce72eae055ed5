import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { shapeMismatches } from '../support/json-shape.js';
import { readLogzioFixture } from '../support/logzio-fixtures.js';
import { createManualClock, startTestApp, type TestApp } from '../support/test-app.js';

const CREATED_AT = Date.UTC(2026, 3, 6, 19, 56, 57, 0);

/** What the Terraform provider sends for the fixture alert (string boolean, `schedule: {}`). */
function terraformBody(fixture: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, createdAt: _ca, createdBy: _cb, updatedAt: _ua, updatedBy: _ub, ...rest } = fixture;
  return { ...rest, enabled: 'true', schedule: {} };
}

for (const backend of controlPlaneBackends) {
  describe(`alert definitions /v2/alerts (${backend.name})`, () => {
    const clock = createManualClock(CREATED_AT);
    let t: TestApp;
    before(async () => {
      t = await startTestApp({ backend, clock, env: { LOGWARD_ROLES: 'api' } });
    });
    after(async () => t.close());
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
      t.api.inject({
        method,
        url,
        headers: { 'x-api-token': t.apiToken, 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      });

    it('creates, reads, lists, updates and deletes in the Terraform fixture shape', async () => {
      const fixture = readLogzioFixture('alerts_v2', 'create_alert.json') as Record<string, unknown>;
      const created = await call('POST', '/v2/alerts', terraformBody(fixture));
      assert.equal(created.statusCode, 200, created.body);
      const body = created.json<Record<string, unknown>>();
      assert.deepEqual(shapeMismatches(body, fixture), []);
      assert.equal(body.createdAt, '2026-04-06T19:56:57.000Z');
      assert.equal(body.createdBy, 'admin@logward.localhost');
      assert.equal(body.enabled, true);
      const id = body.id as number;

      const read = await call('GET', `/v2/alerts/${id}`);
      assert.deepEqual(read.json(), body);
      assert.deepEqual(shapeMismatches((await call('GET', '/v2/alerts')).json(), readLogzioFixture('alerts_v2', 'list_alerts.json')), []);

      clock.advance(1_000);
      const updateFixture = readLogzioFixture('alerts_v2', 'update_alert.json') as Record<string, unknown>;
      const updated = await call('PUT', `/v2/alerts/${id}`, { ...terraformBody(updateFixture), enabled: 'false' });
      assert.equal(updated.statusCode, 200, updated.body);
      const updatedBody = updated.json<Record<string, unknown>>();
      assert.deepEqual(shapeMismatches(updatedBody, updateFixture), []);
      assert.equal(updatedBody.title, 'test update alert');
      assert.equal(updatedBody.enabled, false);
      assert.equal(updatedBody.updatedAt, '2026-04-06T19:56:58.000Z');
      assert.equal(updatedBody.createdAt, '2026-04-06T19:56:57.000Z');

      const deleted = await call('DELETE', `/v2/alerts/${id}`);
      assert.equal(deleted.statusCode, 200);
      assert.equal(deleted.json<{ id: number }>().id, id);
      const missing = await call('GET', `/v2/alerts/${id}`);
      assert.equal(missing.statusCode, 404);
      assert.equal(missing.json<{ message: string }>().message, `alert id ${id} not found`);
      for (const response of [
        await call('PUT', `/v2/alerts/${id}`, terraformBody(fixture)),
        await call('DELETE', `/v2/alerts/${id}`),
        await call('POST', `/v2/alerts/${id}/enable`),
      ]) {
        assert.equal(response.statusCode, 404);
      }
    });

    it('returns exactly what was stored: filters verbatim, arrays in order, absent shouldQueryOnAllAccounts false', async () => {
      const request = {
        title: 'round trip',
        description: 'd',
        tags: ['b', 'a'],
        searchTimeFrameMinutes: 15,
        output: { recipients: { emails: ['z@example.com', 'a@example.com'] }, suppressNotificationsMinutes: 30, type: 'TABLE' },
        subComponents: [
          {
            queryDefinition: {
              query: 'status:500',
              filters: {
                bool: {
                  must: [{ match_phrase: { 'kubernetes.namespace': { query: 'prod' } } }],
                  must_not: [{ match_phrase: { host: { query: 'canary' } } }],
                },
              },
              groupBy: ['host', 'path'],
              aggregation: { aggregationType: 'AVG', fieldToAggregateOn: 'latency' },
              accountIdsToQueryOn: [t.mainAccountId],
            },
            trigger: { operator: 'GREATER_THAN', severityThresholdTiers: { SEVERE: 900, MEDIUM: 300 } },
            output: { columns: [{ fieldName: 'latency', regex: '', sort: 'DESC' }] },
          },
        ],
        correlations: { correlationOperators: ['AND'] },
        schedule: { cronExpression: '0 */5 * * * *', timezone: 'Europe/Paris' },
      };
      const created = await call('POST', '/v2/alerts', request);
      assert.equal(created.statusCode, 200, created.body);
      const body = created.json<Record<string, unknown>>();
      const { id: _id, createdAt: _ca, createdBy: _cb, updatedAt: _ua, updatedBy: _ub, ...stored } = body;
      const expected = structuredClone(request) as Record<string, unknown> & {
        subComponents: { queryDefinition: Record<string, unknown> }[];
      };
      (expected.subComponents[0] as { queryDefinition: Record<string, unknown> }).queryDefinition.shouldQueryOnAllAccounts = false;
      assert.deepEqual(stored, { ...expected, enabled: true, schedule: { ...request.schedule, cron: request.schedule.cronExpression } });
    });

    it('enables and disables with 204, and defaults the window to 5 minutes', async () => {
      const created = await call('POST', '/v2/alerts', {
        title: 'defaults',
        subComponents: [
          {
            queryDefinition: { aggregation: { aggregationType: 'COUNT' } },
            trigger: { operator: 'GREATER_THAN', severityThresholdTiers: { LOW: 1 } },
          },
        ],
      });
      assert.equal(created.statusCode, 200, created.body);
      const body = created.json<{
        id: number;
        searchTimeFrameMinutes: number;
        enabled: boolean;
        subComponents: { queryDefinition: { query: string } }[];
      }>();
      assert.equal(body.searchTimeFrameMinutes, 5);
      assert.equal(body.enabled, true);
      assert.equal(body.subComponents[0]?.queryDefinition.query, '*');
      const disabled = await call('POST', `/v2/alerts/${body.id}/disable`);
      assert.equal(disabled.statusCode, 204);
      assert.equal(disabled.body, '');
      assert.equal((await call('GET', `/v2/alerts/${body.id}`)).json<{ enabled: boolean }>().enabled, false);
      assert.equal((await call('POST', `/v2/alerts/${body.id}/enable`)).statusCode, 204);
      assert.equal((await call('GET', `/v2/alerts/${body.id}`)).json<{ enabled: boolean }>().enabled, true);
    });

    it('refuses bad definitions with a 400 naming the field', async () => {
      const valid = {
        queryDefinition: { aggregation: { aggregationType: 'COUNT' } },
        trigger: { operator: 'GREATER_THAN', severityThresholdTiers: { LOW: 1 } },
      };
      const cases: [unknown, string][] = [
        [{ subComponents: [valid] }, 'body.title'],
        [{ title: 'x' }, 'body.subComponents'],
        [{ title: 'x', tags: Array.from({ length: 11 }, (_, i) => `t${i}`), subComponents: [valid] }, 'body.tags'],
        [
          { title: 'x', subComponents: [{ ...valid, trigger: { operator: 'BIGGER', severityThresholdTiers: { LOW: 1 } } }] },
          'body.subComponents.0.trigger.operator',
        ],
        [
          { title: 'x', subComponents: [{ ...valid, queryDefinition: { aggregation: { aggregationType: 'SUM' } } }] },
          'body.subComponents.0.queryDefinition.aggregation.fieldToAggregateOn',
        ],
        [
          { title: 'x', subComponents: [valid], output: { recipients: { notificationEndpointIds: [42] } } },
          'body.output.recipients.notificationEndpointIds',
        ],
        [
          { title: 'x', subComponents: [{ ...valid, queryDefinition: { ...valid.queryDefinition, accountIdsToQueryOn: [1] } }] },
          'body.subComponents.0.queryDefinition.accountIdsToQueryOn',
        ],
        [{ title: 'x', subComponents: [valid], schedule: { cronExpression: 'not a cron' } }, 'body.schedule.cronExpression'],
        [{ title: 'x', subComponents: [valid], correlations: { joins: [{ '3': 'host' }] } }, 'body.correlations.joins.0'],
      ];
      for (const [payload, field] of cases) {
        const response = await call('POST', '/v2/alerts', payload);
        assert.equal(response.statusCode, 400, `${field}: ${response.body}`);
        assert.equal(response.json<{ parameters: { field: string } }>().parameters.field, field, response.body);
      }
    });

    it('lists triggered alerts as a page object, filters in the body or the query', async () => {
      const fromBody = await call('POST', '/v1/alerts/triggered-alerts', {
        from: 0,
        size: 10,
        severities: ['HIGH'],
        sortBy: 'SEVERITY',
        sortOrder: 'DESC',
      });
      assert.equal(fromBody.statusCode, 200, fromBody.body);
      assert.deepEqual(fromBody.json(), { pageSize: 0, from: 0, total: 0, results: [] });
      const fromQuery = await t.api.inject({
        method: 'POST',
        url: '/v1/alerts/triggered-alerts?size=5&severities=LOW&search=x',
        headers: { 'x-api-token': t.apiToken },
      });
      assert.equal(fromQuery.statusCode, 200, fromQuery.body);
      const bad = await call('POST', '/v1/alerts/triggered-alerts', { sortBy: 'NAME' });
      assert.equal(bad.statusCode, 400);
    });
  });
}
