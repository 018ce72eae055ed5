import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { composeApp, type App } from '../../src/app/compose.js';
import { createLogger } from '../../src/app/create-logger.js';
import { loadConfig } from '../../src/config/index.js';
import { openControlPlane, type ControlPlane } from '../../src/storage/control-plane/index.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { openLogReader } from '../support/log-reader.js';
import { shipLogs } from '../support/ship-logs.js';
import { createManualClock, TEST_API_TOKEN, TEST_SHIPPING_TOKEN } from '../support/test-app.js';

const MINUTE = 60_000;
const T0 = Math.floor(Date.now() / MINUTE) * MINUTE - 20 * MINUTE;
const ADMIN = 'admin@example.com';

for (const backend of controlPlaneBackends) {
  describe(`security events survive a restart in mid-cycle (${backend.name})`, () => {
    it('a process stopped after recording an event and before its event log: the next one neither loses nor doubles it', async () => {
      const opened = await backend.open();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logward-siem-restart-'));
      const clock = createManualClock(T0 + 1_000);
      const config = loadConfig({
        LOGWARD_DATA_DIR: dataDir,
        LOGWARD_API_PORT: '0',
        LOGWARD_LISTENER_PORT: '0',
        LOGWARD_SYSLOG_TCP_PORT: '0',
        LOGWARD_SYSLOG_UDP_PORT: '0',
        LOGWARD_API_HOST: '127.0.0.1',
        LOGWARD_ROLES: 'api,ingest',
        LOGWARD_BOOTSTRAP_API_TOKEN: TEST_API_TOKEN,
        LOGWARD_BOOTSTRAP_SHIPPING_TOKEN: TEST_SHIPPING_TOKEN,
        LOGWARD_BOOTSTRAP_ADMIN_EMAIL: ADMIN,
        LOGWARD_CONTROL_PLANE_URL: opened.url,
        // One in-process app on a PostgreSQL schema with its own embedded log store (see LOGWARD_SINGLE_NODE).
        LOGWARD_SINGLE_NODE: 'true',
      });
      const compose = (controlPlane: ControlPlane): Promise<App> =>
        composeApp({ config, clock, logger: createLogger('silent'), controlPlane, alertSettleDelayMs: 0 });
      const call = (app: App, token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
        app.api.inject({
          method,
          url,
          headers: { 'x-api-token': token },
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
      try {
        const first = await compose(opened.controlPlane);
        await first.start();
        const created = await call(first, TEST_API_TOKEN, 'POST', '/v2/account-management/siem', { accountName: 'soc', email: ADMIN });
        assert.equal(created.statusCode, 200, created.body);
        const securityAccountId = created.json<{ accountId: number }>().accountId;
        const token = (
          await call(first, TEST_API_TOKEN, 'POST', '/v1/api-tokens/sub-account', { name: 'soc', accountId: securityAccountId })
        ).json<{
          token: string;
        }>().token;
        assert.equal(
          (await call(first, token, 'POST', '/v2/security/rules/bulk/update', { all: true, fields: { enabled: false } })).statusCode,
          200,
        );
        const rule = await call(first, token, 'POST', '/v2/security/rules', {
          title: 'Sudo to root',
          subComponents: [
            {
              queryDefinition: { query: 'program:sudo AND message:root' },
              trigger: { operator: 'GREATER_THAN', severityThresholdTiers: { HIGH: 0 } },
            },
          ],
        });
        assert.equal(rule.statusCode, 201, rule.body);
        const listenerUrl = `http://127.0.0.1:${first.ingestPorts()?.listenerPort ?? 0}`;
        await shipLogs(listenerUrl, TEST_SHIPPING_TOKEN, 'syslog', [
          { '@timestamp': new Date(T0 + 5_000).toISOString(), program: 'sudo', message: 'alice : COMMAND=/bin/sh ; USER=root' },
        ]);
        clock.set(T0 + MINUTE + 1_000);
        // The first process records the event (with the watermark) and stops before writing its event log.
        assert.equal((await first.detection.judgeDue(new AbortController().signal)).firings, 1);
        await first.stop();

        const reopened = await openControlPlane(
          opened.url,
          opened.postgresSchema === undefined ? {} : { postgresSchema: opened.postgresSchema },
        );
        const second = await compose(reopened);
        try {
          const report = await second.detection.runCycle(new AbortController().signal);
          assert.equal(report.firings, 0, 'the judged window is not judged again');
          assert.equal(report.dispatched, 1, 'the recorded event is carried on');
          assert.equal((await second.detection.runCycle(new AbortController().signal)).dispatched, 0);
          const page = (await call(second, token, 'POST', '/v2/security/rules/events/search', {})).json<{
            total: number;
            results: { alertEventId: string }[];
          }>();
          assert.equal(page.total, 1);
          const reader = openLogReader(config);
          try {
            const logs = await reader.logs(securityAccountId);
            assert.equal(logs.filter((log) => log.source['logzio-alert-event-id'] === page.results[0]?.alertEventId).length, 1);
          } finally {
            reader.close();
          }
        } finally {
          await second.stop();
        }
      } finally {
        await opened.dispose();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}
