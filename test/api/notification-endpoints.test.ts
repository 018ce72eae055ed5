import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { startHttpReceiver, type HttpReceiver } from '../support/http-receiver.js';
import { datasetsDir } from '../support/datasets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { createWebUser, signIn, type WebSession } from '../support/web-users.js';

const FIXTURES = path.join(datasetsDir(), 'logzio-api-fixtures/endpoints');
const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8')) as Record<string, unknown>;

/** Request body for each type, built from the Terraform client's GET fixtures. */
const TYPES: readonly { slug: string; fixture: string }[] = [
  { slug: 'slack', fixture: 'get_endpoint_slack.json' },
  { slug: 'custom', fixture: 'get_endpoint_custom.json' },
  { slug: 'pager-duty', fixture: 'get_endpoint_pagerduty.json' },
  { slug: 'big-panda', fixture: 'get_endpoint_bigpanda.json' },
  { slug: 'data-dog', fixture: 'get_endpoint_datadog.json' },
  { slug: 'victorops', fixture: 'get_endpoint_victorops.json' },
  { slug: 'ops-genie', fixture: 'get_endpoint_opsgenie.json' },
  { slug: 'service-now', fixture: 'get_endpoint_servicenow.json' },
  { slug: 'microsoft-teams', fixture: 'get_endpoint_microsoftteams.json' },
];

function requestBody(fixtureBody: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, endpointType: _type, ...rest } = fixtureBody;
  return rest;
}

for (const backend of controlPlaneBackends) {
  describe(`notification endpoints (${backend.name})`, () => {
    let t: TestApp;
    let receiver: HttpReceiver;
    before(async () => {
      receiver = await startHttpReceiver();
      t = await startTestApp({
        backend,
        compose: {
          integrationUrls: {
            pagerDuty: `${receiver.url}/pagerduty`,
            bigPanda: `${receiver.url}/bigpanda`,
            datadog: `${receiver.url}/datadog`,
            victorOps: `${receiver.url}/victorops`,
            opsgenie: `${receiver.url}/opsgenie`,
          },
          deliveryRetryPolicy: { maxAttempts: 3, baseDelayMs: 10, timeoutMs: 2_000 },
        },
      });
    });
    after(async () => {
      await t.close();
      await receiver.close();
    });
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
      t.api.inject({
        method,
        url,
        headers: { 'x-api-token': t.apiToken, 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      });

    it('creates every type and reads it back exactly in the Terraform fixture shape', async () => {
      for (const type of TYPES) {
        const expected = fixture(type.fixture);
        // The Terraform client sends `method` for every type, empty when it has none.
        const body = { method: '', ...requestBody(expected) };
        const created = await call('POST', `/v1/endpoints/${type.slug}`, body);
        assert.equal(created.statusCode, 200, created.body);
        const { id } = created.json<{ id: number }>();
        const read = await call('GET', `/v1/endpoints/${id}`);
        assert.equal(read.statusCode, 200);
        assert.deepEqual(read.json(), { ...expected, id });
      }
      const list = await call('GET', '/v1/endpoints');
      assert.deepEqual(
        list.json<{ endpointType: string }[]>().map((endpoint) => endpoint.endpointType),
        ['Slack', 'Custom', 'PagerDuty', 'BigPanda', 'Datadog', 'VictorOps', 'Opsgenie', 'ServiceNow', 'Microsoft Teams'],
      );
    });

    it('keeps secrets sealed at rest', async () => {
      const created = await call('POST', '/v1/endpoints/pager-duty', {
        title: 'pd',
        description: '',
        serviceKey: 'very-secret-service-key',
      });
      const { id } = created.json<{ id: number }>();
      const row = await t.app.controlPlane.db
        .selectFrom('notification_endpoints')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      assert.doesNotMatch(JSON.stringify(row), /very-secret-service-key/);
      assert.equal(row.endpoint_type, 'PagerDuty');
    });

    it('updates with PUT and answers {id}; an unknown id is 404 endpoints/UNKNOWN_ENDPOINT', async () => {
      const created = await call('POST', '/v1/endpoints/slack', { title: 'a', description: 'b', url: 'https://hooks.example/1' });
      const { id } = created.json<{ id: number }>();
      const updated = await call('PUT', `/v1/endpoints/slack/${id}`, { title: 'a2', description: 'b2', url: 'https://hooks.example/2' });
      assert.equal(updated.statusCode, 200);
      assert.deepEqual(updated.json(), { id });
      assert.deepEqual((await call('GET', `/v1/endpoints/${id}`)).json(), {
        endpointType: 'Slack',
        id,
        title: 'a2',
        description: 'b2',
        url: 'https://hooks.example/2',
      });
      for (const response of [
        await call('GET', '/v1/endpoints/1'),
        await call('DELETE', '/v1/endpoints/1'),
        await call('PUT', '/v1/endpoints/slack/1', { title: 'x', url: 'https://h.example' }),
      ]) {
        assert.equal(response.statusCode, 404);
        const body = response.json<{ errorCode: string; message: string; parameters: object }>();
        assert.equal(body.errorCode, 'endpoints/UNKNOWN_ENDPOINT');
        assert.equal(body.message, "The endpoint doesn't exist");
        assert.deepEqual(body.parameters, {});
      }
      const deleted = await call('DELETE', `/v1/endpoints/${id}`);
      assert.equal(deleted.statusCode, 204);
      assert.equal((await call('GET', `/v1/endpoints/${id}`)).statusCode, 404);
    });

    it('refuses bad input with a 400 naming the field', async () => {
      const missing = await call('POST', '/v1/endpoints/slack', { title: 'no url' });
      assert.equal(missing.statusCode, 400);
      assert.match(missing.json<{ message: string }>().message, /url/);
      const badUrl = await call('POST', '/v1/endpoints/custom', { title: 'x', url: 'ftp://nope', method: 'POST' });
      assert.equal(badUrl.statusCode, 400);
      assert.equal(badUrl.json<{ parameters: { field: string } }>().parameters.field, 'body.url');
      const badHeaders = await call('POST', '/v1/endpoints/custom', {
        title: 'x',
        url: 'https://h.example',
        method: 'POST',
        headers: 'novalue',
      });
      assert.equal(badHeaders.statusCode, 400);
      assert.equal((await call('POST', '/v1/endpoints/unknown-type', { title: 'x' })).statusCode, 404);
    });

    it('test=true sends a rendered test message, creates nothing and answers {id:-1}', async () => {
      const before = (await call('GET', '/v1/endpoints')).json<unknown[]>().length;
      const seen = receiver.requests.length;
      const response = await call('POST', '/v1/endpoints/custom?test=true', {
        title: 'hook',
        url: `${receiver.url}/hook`,
        method: 'PUT',
        headers: 'authKey=abc,X-Env=prod',
        bodyTemplate: { subject: '{{alert_title}}', severity: '{{alert_severity}}', samples: '{{alert_event_samples}}' },
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json(), { id: -1 });
      assert.equal((await call('GET', '/v1/endpoints')).json<unknown[]>().length, before);
      const received = receiver.requests[seen];
      assert.ok(received);
      assert.equal(received.method, 'PUT');
      assert.equal(received.path, '/hook');
      assert.equal(received.headers.authkey, 'abc');
      assert.equal(received.headers['x-env'], 'prod');
      assert.deepEqual(JSON.parse(received.body), { subject: 'Test message from Logward: hook', severity: 'INFO', samples: [] });
    });

    it('retries a failing receiver with back-off and reports a final failure as 400', async () => {
      receiver.respondWith([503, 200]);
      const seen = receiver.requests.length;
      const ok = await call('POST', '/v1/endpoints/pager-duty?test=true', { title: 'pd', serviceKey: 'routing-key' });
      assert.equal(ok.statusCode, 200);
      assert.equal(receiver.requests.length, seen + 2);
      const event = JSON.parse(receiver.requests[seen + 1]?.body ?? '{}') as {
        routing_key: string;
        event_action: string;
        payload: { severity: string };
      };
      assert.equal(event.routing_key, 'routing-key');
      assert.equal(event.event_action, 'trigger');
      assert.equal(event.payload.severity, 'info');

      receiver.respondWith([500, 500, 500]);
      const failed = await call('POST', '/v1/endpoints/slack?test=true', { title: 's', url: `${receiver.url}/slack` });
      assert.equal(failed.statusCode, 400);
      assert.equal(failed.json<{ errorCode: string }>().errorCode, 'endpoints/TEST_MESSAGE_FAILED');
      receiver.respondWith([]);
    });

    it('shows a read-only user every endpoint without its secrets; an admin and the API token see them as stored', async () => {
      const secretBodies: Readonly<Record<string, Record<string, unknown>>> = {
        slack: { url: 'https://hooks.slack.example/services/T0/B0/slack-path-secret' },
        'microsoft-teams': { url: 'https://teams.example/webhook/teams-path-secret?code=teams-query-secret' },
        custom: {
          url: 'https://user-secret:pass-secret@hooks.example/custom?token=custom-query-secret#frag-secret',
          method: 'POST',
          headers: 'authKey=header-secret,X-Env=prod-secret',
        },
        'pager-duty': { serviceKey: 'pd-service-key-secret' },
        'big-panda': { apiToken: 'bp-api-token-secret', appKey: 'bp-app-key-secret' },
        'data-dog': { apiKey: 'dd-api-key-secret' },
        victorops: { routingKey: 'vo-routing-secret', messageType: 'CRITICAL', serviceApiKey: 'vo-service-secret' },
        'ops-genie': { apiKey: 'og-api-key-secret' },
        'service-now': { username: 'sn-user', password: 'sn-password-secret', url: 'https://sn.example/api/now/table/sn-path-secret' },
      };
      const ids: number[] = [];
      for (const [slug, fields] of Object.entries(secretBodies)) {
        const created = await call('POST', `/v1/endpoints/${slug}`, { title: `masked ${slug}`, description: 'd', ...fields });
        assert.equal(created.statusCode, 200, created.body);
        ids.push(created.json<{ id: number }>().id);
      }
      await createWebUser(t, 'reader@example.com', 'USER_ROLE_READONLY');
      await createWebUser(t, 'boss@example.com', 'USER_ROLE_ACCOUNT_ADMIN');
      const reader = await signIn(t, 'reader@example.com');
      const boss = await signIn(t, 'boss@example.com');
      const as = (session: WebSession, url: string) => t.api.inject({ method: 'GET', url, headers: { cookie: session.cookie } });
      const secrets = Object.values(secretBodies)
        .flatMap((fields) => Object.values(fields))
        .filter((value): value is string => typeof value === 'string')
        .flatMap((value) => value.match(/[a-z-]+-secret/g) ?? []);
      assert.equal(secrets.length, 18);

      const readerList = await as(reader, '/v1/endpoints');
      assert.equal(readerList.statusCode, 200);
      const readerBodies = [readerList.body, ...(await Promise.all(ids.map(async (id) => (await as(reader, `/v1/endpoints/${id}`)).body)))];
      for (const body of readerBodies)
        for (const secret of secrets) assert.ok(!body.includes(secret), `${secret} shown to read-only: ${body}`);
      const byTitle = new Map(readerList.json<{ title: string }[]>().map((endpoint) => [endpoint.title, endpoint]));
      assert.deepEqual(byTitle.get('masked custom'), {
        endpointType: 'Custom',
        id: ids[2],
        title: 'masked custom',
        description: 'd',
        url: 'https://hooks.example/********',
        method: 'POST',
        headers: 'authKey=********,X-Env=********',
        bodyTemplate: {},
      });
      assert.deepEqual(byTitle.get('masked victorops'), {
        endpointType: 'VictorOps',
        id: ids[6],
        title: 'masked victorops',
        description: 'd',
        routingKey: '********',
        messageType: 'CRITICAL',
        serviceApiKey: '********',
      });

      for (const body of [(await as(boss, '/v1/endpoints')).body, (await call('GET', '/v1/endpoints')).body]) {
        for (const secret of secrets) assert.ok(body.includes(secret), `${secret} hidden from an admin`);
      }
      for (const id of ids) assert.equal((await call('DELETE', `/v1/endpoints/${id}`)).statusCode, 204);
    });
  });
}
