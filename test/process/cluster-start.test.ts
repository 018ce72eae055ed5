import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startService } from '../support/child-process.js';
import {
  clusterEnv,
  createTestDatabase,
  startClickHouseFront,
  startRole,
  type ClickHouseFront,
  type TestDatabase,
} from '../support/cluster.js';
import type { LogwardProcess } from '../support/logward-process.js';

// Issue 51: settings judged as a whole, the cluster's secret key, and four processes started together on an empty store.
describe('a cluster starting on PostgreSQL and a ClickHouse server', () => {
  let database: TestDatabase;
  let front: ClickHouseFront;
  const processes: LogwardProcess[] = [];
  before(async () => {
    [database, front] = await Promise.all([createTestDatabase(), startClickHouseFront()]);
  });
  after(async () => {
    await Promise.all(processes.map((process) => process.stop()));
    await front?.stop();
    await database?.drop();
  });

  it('refuses a PostgreSQL control plane without LOGWARD_LOG_STORE_URL, naming both variables', async () => {
    const service = startService({ LOGWARD_CONTROL_PLANE_URL: database.url, LOGWARD_SECRET_KEY: 'x'.repeat(32), LOGWARD_ROLES: 'api' });
    assert.equal(await service.exited, 2);
    assert.match(service.stderr(), /LOGWARD_CONTROL_PLANE_URL is a PostgreSQL server .* LOGWARD_LOG_STORE_URL is not set/);
  });

  it('starts four processes together on an empty store: one bootstrap, all ready; a fifth with another key is refused', async () => {
    const shared = clusterEnv(database, front);
    const started = await Promise.allSettled(
      ['api', 'api', 'ingest', 'scheduler'].map((roles) => startRole(shared, roles, { LOGWARD_LOG_LEVEL: 'info' })),
    );
    for (const result of started) if (result.status === 'fulfilled') processes.push(result.value);
    const failed = started.filter((result) => result.status === 'rejected').map((result) => String(result.reason));
    assert.deepEqual(failed, []);
    const printed = processes.filter((process) => /API token/.test(process.service.stdout()));
    assert.equal(printed.length, 1, 'exactly one process created the main account');
    for (const process of processes) {
      const ready = await fetch(`${process.opsUrl}/ready`);
      assert.equal(ready.status, 200, await ready.text());
    }
    const [apiA, apiB] = processes;
    assert.ok(apiA !== undefined && apiB !== undefined);
    for (const api of [apiA, apiB]) {
      const whoami = await fetch(`${api.apiUrl}/v2/whoami`, { headers: { 'x-api-token': api.apiToken } });
      assert.equal(whoami.status, 200);
    }

    const other = startService({ ...shared, LOGWARD_SECRET_KEY: 'another-key-of-32-characters-xxxx', LOGWARD_ROLES: 'scheduler' });
    assert.equal(await other.exited, 2);
    assert.match(other.stderr(), /LOGWARD_SECRET_KEY differs from the key this control plane recorded/);
    assert.doesNotMatch(other.stderr(), /another-key/, 'the key itself is never printed');
  });
});
