/**
 * Tenant isolation over every read path of the registry (test/isolation/read-paths.ts): a main account and three sub
 * accounts with data and a security account scanning two of them; seeded random requests with each account's token,
 * anyone's ids and scroll handles; no answer may hold another account's data. The long run is `npm run isolation`
 * (≥ 10,000 requests).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { READ_PATHS } from './read-paths.js';
import { runIsolation } from './run-isolation.js';
import { buildWorld, waitForFirings, type World } from './tenants.js';

const SEED = Number(process.env.LOGWARD_ISOLATION_SEED ?? 20261125);
// Two rounds per account (four Logs accounts, one security account): the positive control, then one of anyone's
// ids, handles and words.
const REQUESTS = Number(process.env.LOGWARD_ISOLATION_REQUESTS ?? 2 * 5 * READ_PATHS.length);

describe('tenant isolation over every read path (process, real HTTP)', () => {
  let world: World;
  before(async () => {
    world = await buildWorld();
    // Triggered alerts and security events exist before the first request, so their paths show their own data.
    await waitForFirings(world, 90_000);
  });
  after(async () => world.close());

  it(`reads nothing of another account in ${REQUESTS} requests (seed ${SEED})`, async (t) => {
    const report = await runIsolation(world, { seed: SEED, requests: REQUESTS, concurrency: 4 });
    t.diagnostic(`${report.requests} requests in ${Math.round(report.durationMs / 1000)} s: ${JSON.stringify(report.statuses)}`);
    assert.deepEqual(report.leaks, []);
    assert.equal(report.serverErrors, 0);
    // A path that answers nothing cannot pass for isolated: each that should show the caller its own data did.
    const blind = READ_PATHS.filter((path) => path.ownData && (report.perPath[path.name]?.own ?? 0) === 0).map((path) => path.name);
    assert.deepEqual(blind, [], 'read paths that never answered the caller its own data');
  });
});
