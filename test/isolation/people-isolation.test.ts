/**
 * People and sessions across accounts (issue 46 item 4), the short run: each sub account in turn attacks the main
 * account's and its siblings' people with its API token and its admin's session; no state of another account may
 * change and no answer may show it. The long run is `npm run isolation:people` (≥ 10,000 requests).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildPeopleWorld, type PeopleWorld } from './people-world.js';
import { runPeopleIsolation } from './run-people-isolation.js';

const SEED = Number(process.env.LOGWARD_ISOLATION_SEED ?? 20261207);
const REQUESTS = Number(process.env.LOGWARD_PEOPLE_ISOLATION_REQUESTS ?? 300);

describe('people and sessions across accounts (real HTTP)', () => {
  let world: PeopleWorld;
  before(async () => {
    world = await buildPeopleWorld();
  });
  after(async () => world.close());

  it(`changes nothing of another account in ${REQUESTS} requests (seed ${SEED})`, async (t) => {
    const report = await runPeopleIsolation(world, { seed: SEED, requests: REQUESTS, concurrency: 4, chunkRequests: 100 });
    t.diagnostic(`${report.requests} requests in ${Math.round(report.durationMs / 1000)} s: ${JSON.stringify(report.statuses)}`);
    assert.deepEqual(report.findings, []);
    assert.equal(report.serverErrors, 0);
    assert.equal(report.statuses['429'], undefined, 'the sign-in throttle answered instead of the rules');
    // Every attacker's chunk ran and the attacks reached the rules: the legitimate parts did work in its own account.
    assert.ok(report.chunks >= 3, `${report.chunks} chunks`);
    const blind = ['create-user', 'takeover', 'update-user'].filter((op) => (report.perOp[op]?.ownEffects ?? 0) === 0);
    assert.deepEqual(blind, [], 'operations that never did anything in the attacker account');
  });
});
