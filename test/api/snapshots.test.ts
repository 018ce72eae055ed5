/**
 * Snapshots (POST/GET /v1/snapshotter, decision 0672) over a real store: validation, IN_PROGRESS → SUCCESS with a
 * PNG served from the blob store, delivery to a real SMTP server, a Slack webhook and an endpoint, FAILED when the
 * saved object was deleted, isolation between accounts, and expiry after 30 days on an injected clock.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pngSize } from '../../src/modules/snapshots/index.js';
import type { VisSpec } from '../../src/vis-model/index.js';
import { hourOfLogs, visAttributes, type SnapshotWire } from '../support/snapshots.js';
import { call } from '../support/control-plane-client.js';
import { controlPlaneBackends, sqliteBackend } from '../support/control-plane-backends.js';
import { startHttpReceiver, type HttpReceiver } from '../support/http-receiver.js';
import { shipLogs } from '../support/ship-logs.js';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver.js';
import { addAccount, type TestAccount } from '../support/sub-accounts.js';
import { createManualClock, startTestApp, type TestApp } from '../support/test-app.js';

const backend = controlPlaneBackends[0] ?? sqliteBackend;
const MINUTE = 60_000;
const DAY = 86_400_000;
const NOW = Math.floor(Date.now() / MINUTE) * MINUTE;
const FROM = NOW - 60 * MINUTE;
const PUBLIC_URL = 'https://logs.example.com';

const imagePath = (url: string): string => new URL(url).pathname;

describe(`snapshots (${backend.name})`, () => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  let hooks: HttpReceiver;
  let other: TestAccount;
  let dashboardId = '';
  let visualizationIds: string[] = [];
  let endpointId = 0;
  const clock = createManualClock(NOW);

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, token = t.apiToken) =>
    call(t, method, url, token, payload);
  const snapshot = async (id: number, token = t.apiToken) => send('GET', `/v1/snapshotter/${id}`, undefined, token);
  const take = async (body: Record<string, unknown>, token = t.apiToken) => send('POST', '/v1/snapshotter', body, token);
  const base = () => ({
    snapshotType: 'DASHBOARD',
    snapshotSavedObjectId: `dashboard:${dashboardId}`,
    timeFrameFrom: FROM,
    timeFrameTo: NOW,
    snapshotTimeZone: 'Europe/Paris',
  });

  before(async () => {
    smtp = await startSmtpReceiver();
    hooks = await startHttpReceiver();
    t = await startTestApp({
      backend,
      clock,
      env: { LOGWARD_ROLES: 'api,ingest', LOGWARD_SMTP_URL: smtp.url, LOGWARD_PUBLIC_URL: PUBLIC_URL },
      compose: { deliveryRetryPolicy: { maxAttempts: 2, baseDelayMs: 10, timeoutMs: 2_000 }, snapshotTasks: { taskRetryBaseMs: 1_000 } },
    });
    const { listenerUrl } = await t.listen();
    await shipLogs(listenerUrl, t.shippingToken, 'web', hourOfLogs(FROM));
    other = await addAccount(t, { ownerAccountId: null, searchable: true });
    const specs: [string, VisSpec, string][] = [
      ['Logs over time', { type: 'histogram', metric: 'count', metricField: '', split: 'level', size: 5 }, ''],
      ['Latency', { type: 'line', metric: 'avg', metricField: 'latency', split: '', size: 5 }, ''],
      ['By host', { type: 'pie', metric: 'count', metricField: '', split: 'host', size: 5 }, ''],
      ['Errors', { type: 'metric', metric: 'count', metricField: '', split: '', size: 5 }, 'level:error'],
      ['Top hosts', { type: 'table', metric: 'count', metricField: '', split: 'host', size: 5 }, ''],
    ];
    visualizationIds = [];
    for (const [title, spec, query] of specs) {
      const created = await send('POST', '/v1/saved-objects/visualization', { attributes: visAttributes(title, spec, query) });
      assert.equal(created.statusCode, 200, created.body);
      visualizationIds.push(created.json<{ id: string }>().id);
    }
    const search = await send('POST', '/v1/saved-objects/search', {
      attributes: {
        title: 'Failed payments',
        columns: ['message', 'host'],
        kibanaSavedObjectMeta: { searchSourceJSON: JSON.stringify({ query: { query: 'level:error', language: 'lucene' }, filter: [] }) },
      },
    });
    assert.equal(search.statusCode, 200, search.body);
    const panels = [
      ...visualizationIds.map((id) => ({ type: 'visualization', id })),
      { type: 'search', id: search.json<{ id: string }>().id },
    ];
    const dashboard = await send('POST', '/v1/saved-objects/dashboard', {
      attributes: {
        title: 'Checkout overview',
        panelsJSON: JSON.stringify(
          panels.map((panel, index) => ({
            panelIndex: String(index + 1),
            gridData: { x: (index % 2) * 24, y: Math.floor(index / 2) * 15, w: 24, h: 15, i: String(index + 1) },
            panelRefName: `panel_${index}`,
          })),
        ),
      },
      references: panels.map((panel, index) => ({ name: `panel_${index}`, type: panel.type, id: panel.id })),
    });
    assert.equal(dashboard.statusCode, 200, dashboard.body);
    dashboardId = dashboard.json<{ id: string }>().id;
    const endpoint = await send('POST', '/v1/endpoints/slack', { title: 'ops channel', url: `${hooks.url}/endpoint` });
    assert.equal(endpoint.statusCode, 200, endpoint.body);
    endpointId = endpoint.json<{ id: number }>().id;
  });
  after(async () => {
    await t.close();
    await smtp.close();
    await hooks.close();
  });

  it('refuses a request it cannot serve with a clear 400, and a saved object it does not have with 404', async () => {
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ ...base() }, 400, /at least one of emails, slackWebhookUrls or endpoints/],
      [{ ...base(), emails: [], slackWebhookUrls: [], endpoints: [] }, 400, /at least one of/],
      [{ ...base(), snapshotTimeZone: undefined, emails: ['a@example.com'] }, 400, /snapshotTimeZone/],
      [{ ...base(), snapshotType: 'SEARCH', emails: ['a@example.com'] }, 400, /snapshotType/],
      [{ ...base(), timeFrameFrom: 'yesterday', emails: ['a@example.com'] }, 400, /timeFrameFrom/],
      [{ ...base(), timeFrameTo: FROM, emails: ['a@example.com'] }, 400, /timeFrameTo .* must be after/],
      [{ ...base(), snapshotTimeZone: 'Mars/Olympus', emails: ['a@example.com'] }, 400, /not an IANA time zone/],
      [{ ...base(), emails: ['not an address'] }, 400, /emails/],
      [{ ...base(), endpoints: [12345] }, 400, /12345 are not notification endpoints/],
      [{ ...base(), slackWebhookUrls: ['ftp://hooks.example.com/x'] }, 400, /slackWebhookUrls\[0\] is not an http/],
      // Outbound safety (decision 0350): the link-local metadata address is refused before anything is queued.
      [{ ...base(), slackWebhookUrls: ['http://169.254.169.254/latest'] }, 400, /slackWebhookUrls\[0\]/],
      [{ ...base(), emails: ['a@example.com'], colour: 'red' }, 400, /colour|additional/],
      [
        { ...base(), snapshotSavedObjectId: `visualization:${visualizationIds[0] ?? ''}`, emails: ['a@example.com'] },
        400,
        /names a visualization/,
      ],
      [
        { ...base(), snapshotSavedObjectId: 'dashboard:no-such-dashboard', emails: ['a@example.com'] },
        404,
        /dashboard no-such-dashboard not found/,
      ],
    ];
    for (const [body, status, message] of cases) {
      const response = await take(body);
      assert.equal(response.statusCode, status, `${JSON.stringify(body)} → ${response.body}`);
      assert.match(response.json<{ message: string }>().message, message, JSON.stringify(body));
    }
    const list = await send('GET', '/v1/snapshotter');
    assert.deepEqual(list.json<{ results: unknown[] }>().results, [], 'a refused request queues nothing');
  });

  it('answers IN_PROGRESS at once, then SUCCESS with a PNG, and delivers by e-mail, Slack webhook and endpoint', async () => {
    hooks.requests.length = 0;
    const created = await take({
      ...base(),
      emails: ['oncall@example.com'],
      slackWebhookUrls: [`${hooks.url}/slack-hook`],
      endpoints: [endpointId],
      message: 'Morning review',
      queryString: 'host:web-1',
    });
    assert.equal(created.statusCode, 200, created.body);
    const { snapshotId } = created.json<{ snapshotId: number }>();
    const pending = (await snapshot(snapshotId)).json<SnapshotWire>();
    assert.equal(pending.status, 'IN_PROGRESS');
    assert.equal(pending.imageUrl, '', 'no image link before there is an image');
    assert.equal(pending.snapshotSavedObjectName, 'Checkout overview');
    assert.equal(pending.snapshotTimeZone, 'Europe/Paris');
    const app = new URL(pending.appLinkUrl);
    assert.equal(`${app.origin}${app.pathname}`, `${PUBLIC_URL}/app/dashboards/${dashboardId}`);
    assert.equal(app.searchParams.get('from'), new Date(FROM).toISOString());
    assert.equal(app.searchParams.get('to'), new Date(NOW).toISOString());
    assert.equal(app.searchParams.get('q'), 'host:web-1');

    const admitted = async (): Promise<number> => {
      const page = (await t.api.inject({ method: 'GET', url: '/metrics' })).body;
      const series = 'logward_engine_statements_admitted_total{lane="interactive"} ';
      return Number(
        page
          .split('\n')
          .find((line) => line.startsWith(series))
          ?.slice(series.length) ?? 0,
      );
    };
    const interactiveBefore = await admitted();
    assert.equal(await t.app.tasks.runDue(), 1);
    const done = (await snapshot(snapshotId)).json<SnapshotWire>();
    assert.equal(done.status, 'SUCCESS', done.message);
    // Its six panels searched in the account's interactive share (decision 0770), not as background work.
    assert.ok((await admitted()) - interactiveBefore >= 6, `interactive statements ${interactiveBefore} → ${await admitted()}`);
    assert.equal(done.message, 'Morning review');
    assert.equal(done.progress, 1);
    assert.match(done.imageUrl, new RegExp(`^${PUBLIC_URL}/v1/snapshotter/images/[A-Za-z0-9_-]{43}\\.png$`));
    assert.deepEqual(done.deliveries.map((d) => [d.channel, d.target, d.delivered]).sort(), [
      ['email', 'oncall@example.com', true],
      ['endpoint', String(endpointId), true],
      ['slack-webhook', '#1', true],
    ]);

    // The image: no token needed (the link is the credential), a well-formed PNG of the page's size.
    const image = await t.api.inject({ method: 'GET', url: imagePath(done.imageUrl) });
    assert.equal(image.statusCode, 200);
    assert.equal(image.headers['content-type'], 'image/png');
    const size = pngSize(image.rawPayload);
    assert.equal(size?.width, 1280);
    assert.ok((size?.height ?? 0) >= 600, `height ${size?.height}`);
    // Kept for a look (the test output names the file).
    const kept = path.join(os.tmpdir(), `logward-snapshot-${snapshotId}.png`);
    fs.writeFileSync(kept, image.rawPayload);
    process.stdout.write(`# dashboard snapshot image: ${kept}\n`);
    const guessed = await t.api.inject({ method: 'GET', url: `/v1/snapshotter/images/${'A'.repeat(43)}.png` });
    assert.equal(guessed.statusCode, 404);

    // E-mail: the picture inline and attached, the links in the text.
    const mail = smtp.mails.find((m) => m.to.includes('oncall@example.com'));
    assert.ok(mail, 'the SMTP server got the e-mail');
    assert.match(mail.data, /Subject: =\?UTF-8\?Q\?Snapshot_of_dashboard/);
    assert.match(mail.data, /\r\nSnapshot of dashboard "Checkout overview"\r\n/);
    assert.match(mail.data, /Content-Type: image\/png/i);
    assert.match(mail.data, /Morning review/);
    // Slack: the image link and the app link; the endpoint the same format.
    const slack = hooks.requests.find((r) => r.path === '/slack-hook');
    assert.ok(slack, 'the Slack webhook got the message');
    const body = JSON.parse(slack.body) as { text: string; blocks: { type: string; image_url?: string }[] };
    assert.equal(body.blocks.find((b) => b.type === 'image')?.image_url, done.imageUrl);
    assert.match(JSON.stringify(body.blocks), new RegExp(dashboardId));
    assert.ok(hooks.requests.some((r) => r.path === '/endpoint'));
    // Nothing is sent twice when the task runs again.
    assert.equal(await t.app.tasks.runDue(), 0);
  });

  it('a visualization in the dark theme; FAILED with the reason when the object is deleted before it is rendered', async () => {
    const light = await take({
      ...base(),
      snapshotType: 'VISUALIZATION',
      snapshotSavedObjectId: visualizationIds[0],
      emails: ['a@example.com'],
    });
    const dark = await take({
      ...base(),
      snapshotType: 'VISUALIZATION',
      snapshotSavedObjectId: `visualization:${visualizationIds[0] ?? ''}`,
      emails: ['a@example.com'],
      darkTheme: true,
    });
    await t.app.tasks.runDue();
    const images = await Promise.all(
      [light, dark].map(async (created) => {
        const view = (await snapshot(created.json<{ snapshotId: number }>().snapshotId)).json<SnapshotWire>();
        assert.equal(view.status, 'SUCCESS', view.message);
        assert.match(view.appLinkUrl, new RegExp(`/app/visualize/${visualizationIds[0] ?? ''}\\?`));
        return (await t.api.inject({ method: 'GET', url: imagePath(view.imageUrl) })).rawPayload;
      }),
    );
    assert.notDeepEqual(images[0], images[1], 'the dark image differs from the light one');

    const doomed = await send('POST', '/v1/saved-objects/visualization', {
      attributes: visAttributes('Short-lived', { type: 'pie', metric: 'count', metricField: '', split: 'host', size: 5 }),
    });
    const doomedId = doomed.json<{ id: string }>().id;
    const created = await take({ ...base(), snapshotType: 'VISUALIZATION', snapshotSavedObjectId: doomedId, emails: ['a@example.com'] });
    assert.equal(created.statusCode, 200, created.body);
    assert.equal((await send('DELETE', `/v1/saved-objects/visualization/${doomedId}`)).statusCode, 204);
    await t.app.tasks.runDue();
    const failed = (await snapshot(created.json<{ snapshotId: number }>().snapshotId)).json<SnapshotWire>();
    assert.equal(failed.status, 'FAILED');
    assert.match(failed.message, /visualization "Short-lived" .* was deleted/);
    assert.equal(failed.imageUrl, '');
    assert.deepEqual(failed.deliveries, [], 'nobody is sent a snapshot that failed');
  });

  it("another account's snapshots and saved objects are 404 to it", async () => {
    const mine = (await send('GET', '/v1/snapshotter')).json<{ results: SnapshotWire[] }>().results;
    assert.ok(mine.length >= 3);
    const id = mine[0]?.snapshotId ?? 0;
    const read = await snapshot(id, other.apiToken);
    assert.equal(read.statusCode, 404);
    assert.equal((await send('GET', '/v1/snapshotter', undefined, other.apiToken)).json<{ results: unknown[] }>().results.length, 0);
    const theirs = await take({ ...base(), emails: ['spy@example.com'] }, other.apiToken);
    assert.equal(theirs.statusCode, 404, theirs.body);
    assert.match(theirs.json<{ message: string }>().message, /not found/);
  });

  it('keeps snapshots 30 days, then deletes them with their images', async () => {
    const created = await take({ ...base(), emails: ['a@example.com'] });
    const { snapshotId } = created.json<{ snapshotId: number }>();
    await t.app.tasks.runDue();
    const view = (await snapshot(snapshotId)).json<SnapshotWire>();
    assert.equal(view.expiresAt, NOW + 30 * DAY);
    clock.set(NOW + 30 * DAY - 1);
    assert.equal(await t.app.snapshots.expire(), 0);
    assert.equal((await t.api.inject({ method: 'GET', url: imagePath(view.imageUrl) })).statusCode, 200);
    clock.set(NOW + 30 * DAY + 1);
    assert.ok((await t.app.snapshots.expire()) >= 1);
    assert.equal((await snapshot(snapshotId)).statusCode, 404);
    assert.equal((await t.api.inject({ method: 'GET', url: imagePath(view.imageUrl) })).statusCode, 404);
    const blobs = await t.app.blobs.list('snapshots/');
    assert.equal(blobs.length, 0, 'the images are gone from the blob store');
    clock.set(NOW);
  });
});
