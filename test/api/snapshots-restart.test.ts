/**
 * A snapshot whose render was cut short by a dying process is finished by the next one (decision 0671): the tracked
 * task is taken over once the dead process's lease ran out, the image is drawn and each recipient gets it once.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { composeApp, type App } from '../../src/app/compose.js';
import { createLogger } from '../../src/app/create-logger.js';
import { loadConfig } from '../../src/config/index.js';
import { openControlPlane, type ControlPlane } from '../../src/storage/control-plane/index.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { shipLogs } from '../support/ship-logs.js';
import { startSmtpReceiver } from '../support/smtp-receiver.js';
import { createManualClock, TEST_API_TOKEN, TEST_SHIPPING_TOKEN } from '../support/test-app.js';
import { hourOfLogs, visAttributes, type SnapshotWire } from '../support/snapshots.js';

const MINUTE = 60_000;
const NOW = Math.floor(Date.now() / MINUTE) * MINUTE;
const LEASE_MS = 20_000;

for (const backend of controlPlaneBackends) {
  describe(`snapshots survive a restart (${backend.name})`, () => {
    it('a render cut short by a dying process is finished by the next process, and sent once', async () => {
      const opened = await backend.open();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-snapshot-restart-'));
      const smtp = await startSmtpReceiver();
      const clock = createManualClock(NOW);
      const env = {
        LOGWARD_DATA_DIR: dataDir,
        LOGWARD_API_PORT: '0',
        LOGWARD_LISTENER_PORT: '0',
        LOGWARD_SYSLOG_TCP_PORT: '0',
        LOGWARD_SYSLOG_UDP_PORT: '0',
        LOGWARD_API_HOST: '127.0.0.1',
        LOGWARD_BOOTSTRAP_API_TOKEN: TEST_API_TOKEN,
        LOGWARD_BOOTSTRAP_SHIPPING_TOKEN: TEST_SHIPPING_TOKEN,
        LOGWARD_CONTROL_PLANE_URL: opened.url,
        LOGWARD_SMTP_URL: smtp.url,
        // Both processes share the data dir's embedded log store, one after the other.
        LOGWARD_SINGLE_NODE: 'true',
      };
      const compose = (controlPlane: ControlPlane, roles: string): Promise<App> =>
        composeApp({
          config: loadConfig({ ...env, LOGWARD_ROLES: roles }),
          clock,
          logger: createLogger('silent'),
          controlPlane,
          snapshotTasks: { taskLeaseMs: LEASE_MS },
        });
      const call = (app: App, method: 'GET' | 'POST', url: string, payload?: unknown) =>
        app.api.inject({
          method,
          url,
          headers: { 'x-api-token': TEST_API_TOKEN },
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
      try {
        const first = await compose(opened.controlPlane, 'api,ingest');
        await first.start();
        await shipLogs(
          `http://127.0.0.1:${first.ingestPorts()?.listenerPort ?? 0}`,
          TEST_SHIPPING_TOKEN,
          'web',
          hourOfLogs(NOW - 60 * MINUTE),
        );
        const vis = await call(first, 'POST', '/v1/saved-objects/visualization', {
          attributes: visAttributes('Logs by level', { type: 'histogram', metric: 'count', metricField: '', split: 'level', size: 5 }),
        });
        assert.equal(vis.statusCode, 200, vis.body);
        const created = await call(first, 'POST', '/v1/snapshotter', {
          snapshotType: 'VISUALIZATION',
          snapshotSavedObjectId: vis.json<{ id: string }>().id,
          timeFrameFrom: NOW - 60 * MINUTE,
          timeFrameTo: NOW,
          snapshotTimeZone: 'America/New_York',
          emails: ['oncall@example.com'],
        });
        assert.equal(created.statusCode, 200, created.body);
        const { snapshotId } = created.json<{ snapshotId: number }>();
        // The first process takes the render and dies in the middle of it (its lease is left behind).
        const claimed = await first.tasks.claimOnly();
        assert.equal(claimed?.subject, String(snapshotId));
        await first.stop();
        assert.equal(smtp.mails.length, 0);

        const reopened = await openControlPlane(
          opened.url,
          opened.postgresSchema === undefined ? {} : { postgresSchema: opened.postgresSchema },
        );
        const second = await compose(reopened, 'api,ingest,scheduler');
        try {
          await second.start();
          const read = async () => (await call(second, 'GET', `/v1/snapshotter/${snapshotId}`)).json<SnapshotWire>();
          assert.equal((await read()).status, 'IN_PROGRESS', 'held by the dead process until its lease runs out');
          clock.advance(LEASE_MS + 1);
          let view = await read();
          for (let i = 0; i < 200 && view.status === 'IN_PROGRESS'; i += 1) {
            await sleep(100);
            view = await read();
          }
          assert.equal(view.status, 'SUCCESS', view.message);
          assert.equal(view.deliveries.length, 1);
          assert.equal(smtp.mails.length, 1);
          const image = await second.api.inject({ method: 'GET', url: new URL(view.imageUrl).pathname });
          assert.equal(image.statusCode, 200);
        } finally {
          await second.stop();
        }
      } finally {
        await smtp.close();
        await opened.dispose();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}
