// Limits and throttles counted across api processes (issue 51, decisions 0721 and 0740): two real api processes on
// one PostgreSQL control plane and the chDB-over-HTTP ClickHouse front. Failed sign-ins on both count towards one
// throttle, requests in flight on both towards one LOGWARD_MAX_CONCURRENT_REQUESTS, and both processes' engine
// statements towards one fair admission.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import {
  clusterEnv,
  createTestDatabase,
  startClickHouseFront,
  startRole,
  type ClickHouseFront,
  type TestDatabase,
} from '../support/cluster.js';
import { failedSignIn, heldRequest } from '../support/held-request.js';
import { apiCall, type LogwardProcess } from '../support/logward-process.js';

const MAX_CONCURRENT = 4;
/** Publication interval of in-flight and statement counts (200 ms), with room for a loaded machine. */
const SETTLE_MS = 1_000;

describe('limits and throttles counted across two api processes (issue 51)', { timeout: 300_000 }, () => {
  let database: TestDatabase;
  let front: ClickHouseFront;
  let apiA: LogwardProcess;
  let apiB: LogwardProcess;
  before(async () => {
    [database, front] = await Promise.all([createTestDatabase(), startClickHouseFront()]);
    const shared = { ...clusterEnv(database, front), LOGWARD_MAX_CONCURRENT_REQUESTS: String(MAX_CONCURRENT) };
    // One after the other: the first creates the schema and the bootstrap account.
    apiA = await startRole(shared, 'api');
    apiB = await startRole(shared, 'api');
  });
  after(async () => {
    await Promise.all([apiA?.stop(), apiB?.stop()]);
    await front?.stop();
    await database?.drop();
  });

  it('throttles sign-in after 5 failures in 15 minutes made on either process', async () => {
    const email = 'nobody-two-api@example.com';
    for (const api of [apiA, apiB, apiA, apiB, apiA]) assert.equal((await failedSignIn(api.apiUrl, email)).status, 401);
    for (const api of [apiB, apiA]) {
      const throttled = await failedSignIn(api.apiUrl, email);
      assert.equal(throttled.status, 429, throttled.text);
      assert.match(throttled.text, /TOO_MANY_FAILED_SIGN_INS/);
    }
  });

  it("counts an account's requests in flight on both processes against LOGWARD_MAX_CONCURRENT_REQUESTS", async () => {
    const held = [];
    for (let i = 0; i < MAX_CONCURRENT; i += 1) held.push(await heldRequest(apiA.apiUrl, apiA.apiToken));
    await sleep(SETTLE_MS);
    const other = await apiCall(apiB.apiUrl, apiB.apiToken, 'GET', '/v1/account-management/time-based-accounts');
    assert.equal(other.status, 429, `B counted A's ${MAX_CONCURRENT} requests in flight: ${other.text}`);
    assert.deepEqual(
      await Promise.all(held.map((request) => request.finish())),
      held.map(() => 200),
    );
    await sleep(SETTLE_MS);
    const after = await apiCall(apiB.apiUrl, apiB.apiToken, 'GET', '/v1/account-management/time-based-accounts');
    assert.equal(after.status, 200, after.text);
  });

  it("admits both processes' engine statements against one set of slots", async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      let searching = true;
      const answers: number[] = [];
      let refused = '';
      const loops = [apiA, apiB].flatMap((api) =>
        [0, 1].map(async () => {
          while (searching) {
            const answer = await apiCall(api.apiUrl, api.apiToken, 'POST', '/v1/search', {
              query: { query_string: { query: 'error OR timeout' } },
              size: 50,
            });
            answers.push(answer.status);
            if (answer.status !== 200) refused = answer.text;
          }
        }),
      );
      const publishers = new Set<string>();
      let maxRunning = 0;
      const deadline = Date.now() + 4_000;
      while (Date.now() < deadline) {
        const { rows } = await client.query<{ process_id: string; running: number }>(
          'select process_id, running from engine_statements where updated_at > $1',
          [Date.now() - 3_000],
        );
        for (const row of rows) if (Number(row.running) > 0) publishers.add(row.process_id);
        maxRunning = Math.max(
          maxRunning,
          rows.reduce((sum, row) => sum + Number(row.running), 0),
        );
        await sleep(20);
      }
      searching = false;
      await Promise.all(loops);
      process.stdout.write(
        `two-api engine admission ${JSON.stringify({ searches: answers.length, publishers: publishers.size, maxRunning })}\n`,
      );
      assert.ok(answers.length > 0 && answers.every((status) => status === 200), refused);
      assert.equal(publishers.size, 2, 'both api processes published their running statements to the control plane');
      // 3 slots (the default query sessions); each process admits at most its own 3 on a stale view (decision 0740).
      assert.ok(maxRunning <= 2 * 3, `published ${maxRunning} running at once`);
    } finally {
      await client.end();
    }
    // Each process reads the other's statements: its metrics count its own only (decision 0724).
    const metrics = await (await fetch(`${apiA.opsUrl}/metrics`)).text();
    assert.match(metrics, /logward_engine_statements_admitted_total\{lane="interactive"\} [1-9]/);
  });
});
