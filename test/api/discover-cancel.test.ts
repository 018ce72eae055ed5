/**
 * Cancel in the engine over real HTTP (issue 48): a search, a CSV export and a field statistics request (each a
 * request with a search id) stopped by `POST /v1/app/search/cancel`, and a search abandoned by its client (the
 * connection dropped) — each statement gone from `system.processes` within 1 s, and none logged as an error.
 */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { Session } from 'chdb';
import { createLogger } from '../../src/app/create-logger.js';
import { apiUrlOf } from '../support/browser.js';
import { appendBulkLogs } from '../support/bulk-logs.js';
import { controlPlaneBackends } from '../support/control-plane-backends.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const backend = controlPlaneBackends[0];
const NOW = Date.now();
const BULK = 100_000;
/** Regexps every token of the dictionary is tested against, and every message where the dictionary cannot answer. */
const SLOW = 'message:/.*b.*u.*l.*k.*9.*9.*x.*/ OR message:/.*u.*s.*e.*r.*=.*9.*7.*z.*/ OR message:/.*t.*o.*o.*k.*9.*9.*q.*/';
/**
 * As slow, sharing no regexp with SLOW nor with each other: the store keeps what a regexp matched, which would make a
 * second search with it quick. One per further attempt at cancelling a running search by id.
 */
const OTHER_SLOWS = [
  'message:/.*c.*o.*n.*n.*9.*6.*x.*/ OR message:/.*s.*e.*s.*s.*i.*o.*n.*9.*5.*z.*/ OR message:/.*r.*o.*w.*s.*9.*4.*q.*/',
  'message:/.*h.*o.*s.*t.*9.*3.*x.*/ OR message:/.*q.*u.*e.*u.*e.*9.*2.*z.*/ OR message:/.*d.*i.*s.*k.*9.*1.*q.*/',
];

async function until(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what} not met in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

describe('Cancel stops the engine', () => {
  let t: TestApp;
  let engine: Session;
  let baseUrl: string;
  const levels: number[] = [];
  let n = 0;

  before(async () => {
    assert.ok(backend !== undefined);
    const logs = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n')) if (line !== '') levels.push((JSON.parse(line) as { level: number }).level);
        done();
      },
    });
    t = await startTestApp({ backend, logger: createLogger('info', logs) });
    await t.listen();
    baseUrl = apiUrlOf(t);
    await appendBulkLogs(t, BULK, NOW);
    engine = new Session(t.config.logStoreUrl.slice('chdb:'.length));
  });
  after(async () => {
    engine?.close();
    await t?.close();
  });

  /** Statements of cancellable searches in the engine (those carrying Logward's cancel tag). */
  const running = async (): Promise<number> => {
    const result = await engine.queryAsync(
      "SELECT count() AS n FROM system.processes WHERE query LIKE '%log_comment = %logward-%' AND query NOT LIKE '%system.processes%' AND query NOT LIKE 'KILL%'",
      { format: 'JSONEachRow' },
    );
    return (JSON.parse(result.text()) as { n: number }).n;
  };
  const request = (path: string, init: RequestInit = {}): Promise<Response> =>
    fetch(`${baseUrl}${path}`, { ...init, headers: { 'content-type': 'application/json', 'X-API-TOKEN': t.apiToken } });
  const cancel = (searchId: string) =>
    request('/v1/app/search/cancel', { method: 'POST', body: JSON.stringify({ searchIds: [searchId] }) }).then(
      async (response) => (await response.json()) as { cancelled: number },
    );

  /**
   * Cancels by id what `start` begins with a slow query, once its statement runs; answers the request's status. The
   * cancel races the request's end: on a busy machine it can finish between the look that saw its statement and the
   * cancel, which then rightly answers 0. That attempt proves nothing either way, so it is tried again with another
   * slow query (new regexps: nothing cached makes it quick). A cancel that never stops a running request fails here.
   */
  async function cancelledById(start: (id: string, query: string) => Promise<Response>, prefix: string): Promise<number> {
    for (const [attempt, query] of [SLOW, ...OTHER_SLOWS].entries()) {
      const id = `${prefix}-${(n += 1)}`;
      let found = 0;
      const { status } = await cancelled(
        () => start(id, `${query} OR run${n}`),
        async () => {
          found = (await cancel(id)).cancelled;
        },
      );
      if (found === 1) return status;
      assert.equal(found, 0);
      assert.equal(status, 200, `attempt ${attempt}: a request the cancel did not find had ended`);
    }
    assert.fail(`no ${prefix} was still running when its cancel arrived, in ${OTHER_SLOWS.length + 1} attempts`);
  }

  /** Starts `start`, cancels it with `stop` once its statement runs, and answers how long until the engine let go. */
  async function cancelled(start: () => Promise<Response>, stop: () => Promise<void>): Promise<{ goneMs: number; status: number }> {
    const answer = start().then(
      (response) => response.status,
      () => 0,
    );
    await until(async () => (await running()) > 0, 30_000, 'the statement running in the engine');
    const stopped = Date.now();
    await stop();
    await until(async () => (await running()) === 0, 1_000, 'the statement gone within 1 s');
    return { goneMs: Date.now() - stopped, status: await answer };
  }

  const slowSearch = (searchId: string, query = SLOW, signal?: AbortSignal) =>
    request('/v1/app/search', {
      method: 'POST',
      body: JSON.stringify({
        from: 'now-2h',
        to: 'now',
        searchId,
        search: { query: { query_string: { query } }, size: 50, track_total_hits: true },
      }),
      ...(signal === undefined ? {} : { signal }),
    });

  it('a search cancelled by id: gone from the engine within 1 s, answered 499', async () => {
    assert.equal(await cancelledById((id, query) => slowSearch(id, query), 'search'), 499);
  });

  it('a CSV export cancelled by id: gone from the engine within 1 s', async () => {
    await cancelledById(
      (id, query) => request(`/v1/app/export?from=now-2h&to=now&q=${encodeURIComponent(query)}&searchId=${id}`),
      'export',
    );
  });

  it("a field's statistics (a search with aggregations) cancelled by id: gone within 1 s", async () => {
    const status = await cancelledById(
      (id, query) =>
        request('/v1/app/search', {
          method: 'POST',
          body: JSON.stringify({
            from: 'now-2h',
            to: 'now',
            searchId: id,
            search: {
              query: { query_string: { query } },
              size: 0,
              track_total_hits: true,
              aggs: { exists: { filter: { exists: { field: 'host' } } }, top: { terms: { field: 'host', size: 5 } } },
            },
          }),
        }),
      'stats',
    );
    assert.equal(status, 499);
  });

  it('a search its client abandoned: gone within 1 s, and never logged as an error', async () => {
    const controller = new AbortController();
    await cancelled(
      () => slowSearch(`abandoned-${(n += 1)}`, `${SLOW} OR run${n}`, controller.signal),
      async () => controller.abort(),
    );
    // The server's answer to nobody is logged once the request ends.
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.ok(levels.length > 0, 'the logger recorded the requests');
    assert.deepEqual(
      levels.filter((level) => level >= 50),
      [],
      'no error (level 50) logged for cancelled or abandoned searches',
    );
  });
});
