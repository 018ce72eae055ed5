import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { composeApp, type App } from '../../src/app/compose.js';
import { createLogger } from '../../src/app/create-logger.js';
import { DROP_FILTER_REFRESH_MS } from '../../src/app/wiring/drop-filters.js';
import { loadConfig } from '../../src/config/index.js';
import { sql } from 'kysely';
import { systemClock } from '../../src/shared/clock.js';
import { openControlPlane } from '../../src/storage/control-plane/index.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { call } from '../support/control-plane-client.js';
import { openLogReader, type LogReader } from '../support/log-reader.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

for (const backend of controlPlaneBackends) {
  describe(`drop filters act on every ingest process (${backend.name})`, () => {
    let t: TestApp;
    let other: App;
    let otherDir = '';
    let otherUrl = '';
    let reader: LogReader;
    const api = (method: 'POST' | 'DELETE', url: string, payload?: unknown) => call(t, method, url, t.apiToken, payload);
    let n = 0;
    /** Ships one matching log to the other ingest process; answers whether it was stored. */
    const shipAndCheck = async (): Promise<boolean> => {
      n += 1;
      const message = `probe ${n}`;
      const response = await fetch(`${otherUrl}/?token=${t.shippingToken}&type=probe`, {
        method: 'POST',
        body: JSON.stringify({ message, probe: 'yes' }),
      });
      assert.equal(response.status, 200);
      return (await reader.logs(t.mainAccountId)).some((log) => log.message === message);
    };

    before(async () => {
      t = await startTestApp({ backend, env: { LOGWARD_ROLES: 'api' } });
      // A second process of the cluster: ingest only, its own connection to the same control plane (chDB allows one
      // data directory per OS process, so it writes to the same store through a session of its own).
      otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-ingest-'));
      const config = loadConfig({
        LOGWARD_DATA_DIR: otherDir,
        LOGWARD_ROLES: 'ingest',
        LOGWARD_API_HOST: '127.0.0.1',
        LOGWARD_API_PORT: '0',
        LOGWARD_LISTENER_PORT: '0',
        LOGWARD_SYSLOG_TCP_PORT: '0',
        LOGWARD_SYSLOG_UDP_PORT: '0',
        LOGWARD_CONTROL_PLANE_URL: t.config.controlPlaneUrl,
        LOGWARD_LOG_STORE_URL: t.config.logStoreUrl,
        // Two processes on one embedded store: the test shares its data directory on purpose (one machine).
        LOGWARD_SINGLE_NODE: 'true',
      });
      // Its own connection: on PostgreSQL to the same schema the first process uses.
      const schema =
        backend.name === 'postgres'
          ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.app.controlPlane.db)).rows[0]?.schema
          : undefined;
      const controlPlane = await openControlPlane(config.controlPlaneUrl, schema === undefined ? {} : { postgresSchema: schema });
      other = await composeApp({ config, clock: systemClock, logger: createLogger('silent'), controlPlane });
      await other.start();
      otherUrl = `http://127.0.0.1:${other.ingestPorts()?.listenerPort ?? 0}`;
      reader = openLogReader(config);
    });
    after(async () => {
      reader.close();
      await other.stop();
      fs.rmSync(otherDir, { recursive: true, force: true });
      await t.close();
    });

    it(`a filter made or deactivated through the API acts on another process within ${DROP_FILTER_REFRESH_MS} ms`, async () => {
      assert.equal(await shipAndCheck(), true);
      const created = await api('POST', '/v1/drop-filters', { logType: 'probe', fieldConditions: [{ fieldName: 'probe', value: 'yes' }] });
      assert.equal(created.statusCode, 200, created.body);
      const id = created.json<{ id: string }>().id;
      const sinceCreated = performance.now();
      while (await shipAndCheck()) {
        assert.ok(performance.now() - sinceCreated < DROP_FILTER_REFRESH_MS + 500, 'the other process never started dropping');
        await sleep(50);
      }
      // Once seen it keeps dropping.
      assert.equal(await shipAndCheck(), false);

      assert.equal((await api('POST', `/v1/drop-filters/${id}/deactivate`)).statusCode, 200);
      const sinceDeactivated = performance.now();
      while (!(await shipAndCheck())) {
        assert.ok(performance.now() - sinceDeactivated < DROP_FILTER_REFRESH_MS + 500, 'the other process kept dropping');
        await sleep(50);
      }
      assert.equal(await shipAndCheck(), true);
    });
  });
}
